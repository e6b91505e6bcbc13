import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf } from '@core/schemas/common';
import type { Proposal } from '@core/schemas/quotations';
import { type QuotationShare, QuotationShareSchema, type QuotationSharesSchema } from '@core/schemas/share';
import type { z } from '@core/schemas/zod-config';
import { newShareToken, sharePath } from '@core/share';
import { api, type Data } from '../../../api/client';
import { SERVER_ORIGIN } from '../../../api/origin';
import { newIntentKey, useWrite } from '../../../api/use-write';
import { rememberShareToken } from '../../../api/share-links';
import { submitWrite } from '../../../offline/submit';

/**
 * The customer's links of a quotation (docs/adr/0133-customer-link.md). Reads through the one client; creating, emailing and
 * revoking go through the outbox like every quotation write, so offline they wait and are sent when
 * the network returns. The token is made here (32 random bytes) and kept on this device only
 * (api/share-links.ts): the server stores its SHA-256.
 */
export const shareKeys = { list: (proposalId: number) => ['shares', String(proposalId)] as const };

/** A share write changes the links and the quotations list's 'what the customer did'; never the proposal itself. */
const SHARE_INVALIDATE = [['shares'], ['quotations']];
const ShareAnswer = dataOf(QuotationShareSchema).transform((r) => r.data);

export const sharesQuery = (proposalId: number) =>
  queryOptions({
    queryKey: shareKeys.list(proposalId),
    queryFn: async () => (await api<Data<z.infer<typeof QuotationSharesSchema>>>(`quotations/${proposalId}/share`)).data,
  });
export const useShares = (proposalId: number) => useQuery(sharesQuery(proposalId));

/** The customer's address for a token: the portal's own origin (the native shells': the server's). */
export const shareLink = (token: string) => `${SERVER_ORIGIN || location.origin}${sharePath(token)}`;

/** A reference to a link in a write's path: its server id, or the client id of its create still in the outbox. */
export type ShareRef = { id: number } | { clientId: string };
const refPath = (ref: ShareRef) => ('id' in ref ? String(ref.id) : `{client:${ref.clientId}}`);

/** One token per intent: a create sent again with its key (a retry) sends the same link, as the server expects. */
const intentTokens = new Map<string, string>();

export function createShare(proposalId: number, clientId: string = newIntentKey()) {
  let token = intentTokens.get(clientId);
  if (!token) intentTokens.set(clientId, (token = newShareToken((n) => crypto.getRandomValues(new Uint8Array(n)))));
  rememberShareToken(clientId, token, proposalId);
  return submitWrite(
    {
      clientId,
      label: 'Link per il cliente',
      method: 'POST',
      path: `quotations/${proposalId}/share`,
      body: { token },
      idPath: 'data.id',
      invalidate: SHARE_INVALIDATE,
    },
    ShareAnswer,
  );
}

export const emailShare = (proposalId: number, ref: ShareRef, token: string, key?: string) =>
  submitWrite(
    {
      clientId: key,
      label: 'Link inviato per email al cliente',
      method: 'POST',
      path: `quotations/${proposalId}/share/${refPath(ref)}/email`,
      body: { token },
      invalidate: SHARE_INVALIDATE,
    },
    ShareAnswer,
  );

export const revokeShare = (proposalId: number, ref: ShareRef, key?: string) =>
  submitWrite(
    {
      clientId: key,
      label: 'Revoca del link del cliente',
      method: 'DELETE',
      path: `quotations/${proposalId}/share/${refPath(ref)}`,
      invalidate: SHARE_INVALIDATE,
    },
    ShareAnswer,
  );

/** A link write, one per intent (src/api/use-write.ts): once sent, the links are read again (never patched from an answer). */
function useShareWrite<V>(proposalId: number, write: (v: V, key: string) => Promise<{ state: 'sent'; data: QuotationShare } | { state: 'queued' }>) {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: write,
    // Another link is another intent.
    sameIntent: (a, b) => JSON.stringify(a) === JSON.stringify(b),
    onSuccess: () => qc.invalidateQueries({ queryKey: shareKeys.list(proposalId) }),
  });
}

export const useCreateShare = (proposalId: number) => useShareWrite(proposalId, (_: void, key) => createShare(proposalId, key));
export const useEmailShare = (proposalId: number) =>
  useShareWrite(proposalId, ({ ref, token }: { ref: ShareRef; token: string }, key) => emailShare(proposalId, ref, token, key));
export const useRevokeShare = (proposalId: number) => useShareWrite(proposalId, (ref: ShareRef, key) => revokeShare(proposalId, ref, key));

/** The proposal as the server has it now (the live follow reads it itself instead of trusting an event). */
export const fetchProposal = async (id: number) => (await api<Data<Proposal>>(`proposals/${id}`)).data;
