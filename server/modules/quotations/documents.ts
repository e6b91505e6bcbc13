// Documents uploaded to a quotation (PDF only), kept in the one file store (lib/storage.ts).
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { type ContractualCategory } from '@core/categories';
import { documentSlots, EXPIRED_OFFER_MESSAGE } from '@core/quotation';
import type { Proposal } from '@core/schemas/quotations';
import type { Db } from '../../db/client';
import { quotationDocuments } from '../../db/schema';
import type { AuthContext } from '../../lib/auth';
import { assertDocumentRoom, assertSafePdf } from '../../lib/documents';
import { MESSAGES } from '@core/i18n-messages';
import { AppError, invalid } from '../../lib/errors';
import type { FileStore } from '../../lib/storage';
import { type MultipartForm, readMultipart } from '../../lib/upload';
import type { ProposalPresenter } from './presenter';
import { type QuotationRow, UPLOAD_MAX_BYTES } from './shared';

/** A document upload's form (one PDF in `file`, and its fields), read the same for the agent and the customer. */
export async function readDocumentForm(req: FastifyRequest): Promise<MultipartForm> {
  return readMultipart(req, { maxBytes: UPLOAD_MAX_BYTES, maxFiles: 1, fileField: 'file' }).catch((err: unknown) => {
    // readMultipart's size message speaks of 2MB (logos); documents allow 10 MB.
    if (err instanceof AppError && err.errors.file?.[0] === MESSAGES.imageTooBig) {
      throw invalid({ file: ['Il file deve pesare meno di 10MB'] }, 'Il file deve pesare meno di 10MB');
    }
    throw err;
  });
}

export class QuotationDocuments {
  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
    private readonly presenter: ProposalPresenter,
    private readonly find: (auth: AuthContext, id: string) => Promise<QuotationRow>,
  ) {}

  async upload(auth: AuthContext, quotationCode: string, fileType: string, file: { filename: string; data: Buffer }, clientKey?: string): Promise<Proposal> {
    const row = await this.find(auth, quotationCode);
    if (clientKey) {
      const [stored] = await this.db
        .select({ id: quotationDocuments.id })
        .from(quotationDocuments)
        .where(and(eq(quotationDocuments.quotationId, row.id), eq(quotationDocuments.clientKey, clientKey)));
      if (stored) return this.presenter.present(auth, row);
    }
    await this.save(row, fileType, file, { clientKey: clientKey ?? null });
    return this.presenter.present(auth, row);
  }

  /**
   * The checks and the write of one document, the same for the agent's upload and the customer's
   * through their link (docs/adr/0133-customer-link.md; `shareId` says which link).
   */
  async save(row: QuotationRow, fileType: string, file: { filename: string; data: Buffer }, by: { clientKey?: string | null; shareId?: number | null }) {
    if (!row.code) throw invalid({ quotation: ['Il preventivo non ha ancora un codice: completa il credit check'] });
    const slots = documentSlots(row.customer.employee_category as ContractualCategory);
    if (!slots.some((s) => s.file_type === fileType)) throw invalid({ file_type: ['Tipo di documento non previsto per questo cliente'] });
    if (!(await this.presenter.stillValid(row))) throw invalid({ quotation: [EXPIRED_OFFER_MESSAGE] }, EXPIRED_OFFER_MESSAGE);
    // By content, never by name or declared type: read by a PDF library, pages counted, every object walked.
    await assertSafePdf(file.data);
    await assertDocumentRoom(this.db, row.id);
    // The store's key is 'quotations/<name>'; the row keeps the name (the folder is the table's).
    const storedName = path.basename(await this.store.save('quotations', file.data, { ext: 'pdf' }));
    const name = path.basename(file.filename || 'documento.pdf').slice(0, 120);
    await this.db
      .insert(quotationDocuments)
      .values({ quotationId: row.id, fileType, name, storedName, size: file.data.length, clientKey: by.clientKey ?? null, shareId: by.shareId ?? null });
  }
}
