import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { QuotationStatus } from '@core/quotation';
import type { QuoteCustomer } from '@core/schemas/customer';
import type { QuotePayload } from '@core/schemas/quotations';
import type { Proposal, ProposalSave, Sustainability } from '@core/schemas/quotations';
import { saveBlob } from '../../../api/client';
import { useDownload } from '../../../api/use-download';
import { useWrite } from '../../../api/use-write';
import type { SubmitResult } from '../../../offline/outbox';
import {
  createProposal,
  createQuote,
  downloadProposalPdf,
  quotationKeys,
  saveSustainability,
  setQuotationStatus,
  updateQuote,
  uploadDocument,
} from './quotations';

/** A proposal the server sent goes into the cache under both names a page opens it by: its id and its quotation's code. */
export function putProposal(qc: QueryClient, p: Proposal) {
  for (const key of [quotationKeys.proposal(String(p.id)), ...(p.quotation.data.code ? [quotationKeys.proposal(p.quotation.data.code)] : [])])
    qc.setQueryData(key, p);
}

/**
 * A proposal write through the outbox, one per intent (src/api/use-write.ts): its pending and error state
 * are the write's, and `data.state` says whether it was sent (the answer is already in the cache) or queued.
 */
function useProposalWrite<V>(
  write: (v: V, key: string) => Promise<SubmitResult<Proposal>>,
  more: { sameIntent?: (a: V, b: V) => boolean; group?: string } = {},
) {
  const qc = useQueryClient();
  return useWrite({
    ...more,
    mutationFn: write,
    onSuccess: (r) => {
      if (r.state === 'sent') putProposal(qc, r.data);
    },
  });
}

export const useSaveSustainability = (proposalId: number) => useProposalWrite((s: Sustainability, key) => saveSustainability(String(proposalId), s, key));

export const useSetQuotationStatus = (proposalId: number) =>
  useProposalWrite((status: QuotationStatus, key) => setQuotationStatus(String(proposalId), status, key), { sameIntent: (a, b) => a === b });

/** PUT quote/{code}: saving the quote form again updates the quote by its code. */
export const useUpdateQuote = (code: string) => useProposalWrite((customer: QuoteCustomer, key) => updateQuote(code, customer, key));

/** `group` names the uploads of one screen, which waits (useWritesPending) while any is sent; each file is its own intent. */
export const useUploadDocument = (code: string, group: string) =>
  useProposalWrite(({ fileType, file }: { fileType: string; file: File }, key) => uploadDocument(code, fileType, file, key), {
    group,
    sameIntent: (a, b) => a.file === b.file && a.fileType === b.fileType,
  });

/** The proposal's PDF, saved as 'Preventivo-{timestamp}.pdf'. */
export const useDownloadProposalPdf = (proposalId: number) =>
  useDownload(async () => {
    const { blob } = await downloadProposalPdf(String(proposalId));
    saveBlob(blob, `Preventivo-${Date.now()}.pdf`);
  });

/** The wizard's confirmation: the new proposal (sent) or its client id (queued). */
export const useCreateProposal = () =>
  useWrite({ mutationFn: ({ body, customerName }: { body: ProposalSave; customerName: string }, key) => createProposal(body, customerName, key) });

/** 'Salva preventivo': the new quotation's code (sent) or the write's client id (queued). */
export const useCreateQuote = () =>
  useWrite({ mutationFn: ({ body, customerName }: { body: QuotePayload; customerName: string }, key) => createQuote(body, customerName, key) });
