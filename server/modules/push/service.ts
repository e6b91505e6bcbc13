// Web Push to the agent's devices (docs/adr/0062-web-push-for-customer-activity.md): VAPID keys from the
// configuration, or made once and kept in the database for every process; subscriptions per user; the
// encrypted message built by the `web-push` library and sent with a time-out. A subscription the push
// service calls gone (404, 410) is removed.
import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '@core/push';
import type { PushSubscriptionInput } from '@core/schemas/push';
import type { Db } from '../../db/client';
import { pushSubscriptions, settings } from '../../db/schema';

export type VapidKeys = { publicKey: string; privateKey: string };
type Log = { warn: (obj: object, msg: string) => void };

/** How long a push service may take to take a message. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is off: a day (a visit is stale after that). */
const TTL_SECONDS = 24 * 3600;

/** The VAPID keys: configured (both), or generated once and shared by every process through the database. */
export async function resolveVapidKeys(db: Db, configured: Partial<VapidKeys>): Promise<VapidKeys> {
  if (configured.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(settings)
    .values({ key: 'vapid_keys', value: JSON.stringify(made) })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, 'vapid_keys'));
  return JSON.parse(row!.value) as VapidKeys;
}

export class PushService {
  constructor(
    private readonly db: Db,
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly log: Log,
  ) {}

  get publicKey() {
    return this.keys.publicKey;
  }

  /** Subscribes a device to the user's notifications; an endpoint moves to the user who subscribes it last. */
  async subscribe(userId: number, s: PushSubscriptionInput) {
    const values = { userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth };
    await this.db
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: values.p256dh, auth: values.auth } });
    return this.state(userId, s.endpoint);
  }

  async unsubscribe(userId: number, endpoint: string) {
    await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    return this.state(userId, endpoint);
  }

  async state(userId: number, endpoint?: string) {
    const rows = await this.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    return { subscribed: endpoint !== undefined && rows.some((r) => r.endpoint === endpoint), devices: rows.length };
  }

  /** Sends `payload` to every device of the user; answers how many took it. Never throws: a push is a courtesy. */
  async notify(userId: number, payload: PushPayload): Promise<number> {
    const subs = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    const sent = await Promise.all(subs.map((s) => this.sendTo(s, payload)));
    return sent.filter(Boolean).length;
  }

  private async sendTo(s: typeof pushSubscriptions.$inferSelect, payload: PushPayload): Promise<boolean> {
    try {
      // web-push encrypts (aes128gcm) and signs (VAPID); the request goes out with fetch, which also reaches
      // a push endpoint on the loopback in tests.
      const request = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: this.subject, publicKey: this.keys.publicKey, privateKey: this.keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'high',
      });
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (res.status === 404 || res.status === 410) {
        await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
        return false;
      }
      if (!res.ok) this.log.warn({ status: res.status, endpoint: new URL(s.endpoint).origin }, 'push refused');
      return res.ok;
    } catch (err) {
      this.log.warn({ err, endpoint: s.endpoint.slice(0, 60) }, 'push failed');
      return false;
    }
  }
}
