import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { QuoteCustomer } from '@core/schemas/customer';
import {
  type CustomerSchema,
  type OfferPreviewSchema,
  type ProposalSave,
  type ProposalSchema,
  type QuotePayload,
  type StreamTokenSchema,
  type Sustainability,
} from '@core/schemas/quotations';
import { previewQuery, type QuoteConfig } from '@core/offer-detail';
import type { QuotationStatus } from '@core/quotation';
import { api, apiBlob, ApiError, type Data } from '../../../api/client';
import { QUOTATION_WRITE_INVALIDATE } from '../../../api/query-client';
import type { NewWrite } from '../../../offline/outbox';
import { submitWrite } from '../../../offline/submit';

/** Reads go through the one client; writes through the outbox (docs/architecture.md, "Data flow"). */
export const quotationKeys = {
  proposal: (id: string) => ['proposals', id] as const,
  offer: (ref: string, config: Record<string, string>) => ['quotations', 'offer', ref, config] as const,
};

export const proposalQuery = (id: string) =>
  queryOptions({
    queryKey: quotationKeys.proposal(id),
    queryFn: async () => (await api<Data<z.infer<typeof ProposalSchema>>>(`proposals/${encodeURIComponent(id)}`)).data,
  });
export const useProposal = (id: string | null) => useQuery({ ...proposalQuery(id ?? ''), enabled: Boolean(id) });

/** The configuration the wizard starts from, priced by the server as saving it will price it. */
export const offerPreviewQuery = (config: QuoteConfig) => {
  const query = previewQuery(config);
  return queryOptions({
    queryKey: quotationKeys.offer(config.offer, query),
    queryFn: async () => (await api<Data<z.infer<typeof OfferPreviewSchema>>>(`quotations/offer/${encodeURIComponent(config.offer)}`, { query })).data,
    // A refused configuration (422: the price or an option no longer holds) is an answer, not a hiccup.
    retry: (n, err) => !(err instanceof ApiError && err.status < 500 && err.status > 0) && n < 2,
  });
};
export const useOfferPreview = (config: QuoteConfig | null) =>
  useQuery({ ...offerPreviewQuery(config ?? { offer: '', accessories: [], colors: [], services: {} }), enabled: Boolean(config) });

/** Customer lookup by fiscal code or VAT; null when not found (the form then stays empty). */
export async function lookupCustomer(by: { code?: string; vat?: string; category?: string }) {
  try {
    return (await api<Data<z.infer<typeof CustomerSchema>>>('customers/search', { query: by })).data;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.isOffline)) return null;
    throw err;
  }
}

/** Every quotation write refreshes the lists and statistics it changes (src/api/query-client.ts). */
const PROPOSAL_INVALIDATE = QUOTATION_WRITE_INVALIDATE;
/** The answers' schemas, with zod, load at the first write (answers.ts). */
const answers = () => import('./answers');

/** A proposal write: refreshes what it changes; its answer, when sent at once, is the proposal as it now is. */
const proposalWrite = (write: Omit<NewWrite, 'invalidate'>) =>
  answers().then(({ ProposalAnswer }) => submitWrite({ ...write, invalidate: PROPOSAL_INVALIDATE }, ProposalAnswer));

export const createProposal = (body: ProposalSave, customerName: string, key?: string) =>
  proposalWrite({ clientId: key, label: `Nuovo preventivo per ${customerName}`, method: 'POST', path: 'proposals', body, idPath: 'data.id' });

/** POST quote ('Salva preventivo'): the answer's data is the new quotation's code. */
export const createQuote = (body: QuotePayload, customerName: string, key?: string) =>
  answers().then(({ QuoteCodeAnswer }) =>
    submitWrite(
      { clientId: key, label: `Preventivo per ${customerName}`, method: 'POST', path: 'quote', body, idPath: 'data', invalidate: PROPOSAL_INVALIDATE },
      QuoteCodeAnswer,
    ),
  );

/** PUT quote/{code}: the quote's customer, changed while the quote is still editable. */
export const updateQuote = (code: string, customer: QuoteCustomer, key?: string) =>
  proposalWrite({ clientId: key, label: `Modifica del preventivo ${code}`, method: 'PUT', path: `quote/${encodeURIComponent(code)}`, body: customer });

export const saveSustainability = (id: string, sustainability: Sustainability, key?: string) =>
  proposalWrite({ clientId: key, label: 'Credit check del preventivo', method: 'PUT', path: `proposals/${id}`, body: { sustainability } });

export const setQuotationStatus = (id: string, status: QuotationStatus, key?: string) =>
  proposalWrite({ clientId: key, label: 'Stato del preventivo', method: 'PUT', path: `quotations/${id}/status`, body: { status } });

export const uploadDocument = (code: string, fileType: string, file: File, key?: string) =>
  proposalWrite({
    clientId: key,
    label: `Documento ${file.name}`,
    method: 'POST',
    path: 'quotations/documents/upload',
    file: { field: 'file', name: file.name, blob: file, fields: { quotation: code, file_type: fileType } },
  });

export const downloadProposalPdf = (id: string) => apiBlob(`proposals/${encodeURIComponent(id)}/attachment`, { method: 'POST' });

/** A short-lived token for the PDF readiness stream (EventSource sends no Authorization header). */
export const streamToken = async (id: number) =>
  (await api<Data<z.infer<typeof StreamTokenSchema>>>(`proposals/${id}/sync-token`, { method: 'POST' })).data.token;
