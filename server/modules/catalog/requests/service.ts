// Requests for cars that are not listed (feature offer-request): each agent sees their own.
import { desc, eq } from 'drizzle-orm';
import type { OfferRequest, OfferRequestInput } from '@core/schemas/catalog';
import type { Db } from '../../../db/client';
import { offerRequests } from '../../../db/schema';
import type { AuthContext } from '../../../lib/auth';

export class RequestsService {
  constructor(private readonly db: Db) {}

  // ---- requests for unlisted cars ---------------------------------------------------------

  async createRequest(auth: AuthContext, input: OfferRequestInput): Promise<OfferRequest> {
    const [row] = await this.db
      .insert(offerRequests)
      .values({
        userId: auth.user.id,
        vehicleType: input.vehicleType,
        brand: input.brand,
        model: input.model,
        version: input.version,
        carId: input.car,
        duration: input.duration,
        distance: input.distance,
        deposit: input.deposit,
        services: input.services,
        notes: input.notes,
      })
      .returning();
    return toRequest(row!);
  }

  async requests(auth: AuthContext): Promise<OfferRequest[]> {
    const rows = await this.db.select().from(offerRequests).where(eq(offerRequests.userId, auth.user.id)).orderBy(desc(offerRequests.id));
    return rows.map(toRequest);
  }
}

const toRequest = (r: typeof offerRequests.$inferSelect): OfferRequest => ({
  id: r.id,
  vehicleType: r.vehicleType as OfferRequest['vehicleType'],
  brand: r.brand,
  model: r.model,
  version: r.version,
  car: r.carId,
  duration: r.duration,
  distance: r.distance,
  deposit: r.deposit,
  services: r.services,
  notes: r.notes,
  status: r.status,
  created_at: r.createdAt.toISOString(),
});
