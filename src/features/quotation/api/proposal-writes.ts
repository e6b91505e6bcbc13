import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuotationStatus } from '@core/quotation';
import type { QuoteCustomer } from '@core/schemas/customer';
import type { QuotePayload } from '@core/schemas/quotations';
import type { Proposal, ProposalSave, Sustainability } from '@core/schemas/quotations';
import { saveBlob } from '../../../api/client';
import { useDownload } from '../../../api/use-download';
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
 * A proposal write through the outbox as a mutation: its pending and error state are the mutation's,
 * and `data.state` says whether it was sent (the answer is already in the cache) or queued.
 */
function useProposalWrite<V>(write: (v: V) => Promise<SubmitResult<Proposal>>, mutationKey?: readonly unknown[]) {
  const qc = useQueryClient();
  return useMutation({
    ...(mutationKey ? { mutationKey } : {}),
    mutationFn: write,
    onSuccess: (r) => {
      if (r.state === 'sent') putProposal(qc, r.data);
    },
  });
}

export const useSaveSustainability = (proposalId: number) => useProposalWrite((s: Sustainability) => saveSustainability(String(proposalId), s));

export const useSetQuotationStatus = (proposalId: number) => useProposalWrite((status: QuotationStatus) => setQuotationStatus(String(proposalId), status));

/** PUT quote/{code}: saving the quote form again updates the quote by its code. */
export const useUpdateQuote = (code: string) => useProposalWrite((customer: QuoteCustomer) => updateQuote(code, customer));

/** `key` groups the uploads of one screen, which waits (useIsMutating) while any is sent. */
export const useUploadDocument = (code: string, key: readonly unknown[]) =>
  useProposalWrite(({ fileType, file }: { fileType: string; file: File }) => uploadDocument(code, fileType, file), key);

/** The proposal's PDF, saved as 'Preventivo-{timestamp}.pdf'. */
export const useDownloadProposalPdf = (proposalId: number) =>
  useDownload(async () => {
    const { blob } = await downloadProposalPdf(String(proposalId));
    saveBlob(blob, `Preventivo-${Date.now()}.pdf`);
  });

/** The wizard's confirmation: the new proposal (sent) or its client id (queued). */
export const useCreateProposal = () =>
  useMutation({ mutationFn: ({ body, customerName }: { body: ProposalSave; customerName: string }) => createProposal(body, customerName) });

/** 'Salva preventivo': the new quotation's code (sent) or the write's client id (queued). */
export const useCreateQuote = () =>
  useMutation({ mutationFn: ({ body, customerName }: { body: QuotePayload; customerName: string }) => createQuote(body, customerName) });
