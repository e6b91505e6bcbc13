import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicProposal, ShareAccept, ShareCodeSent } from '@core/schemas/share';
import { api, API_BASE, ApiError, type Data, send } from '../../../api/client';
import { serverUrl } from '../../../api/origin';
import { useWrite } from '../../../api/use-write';

/**
 * The customer's calls (docs/adr/0133-customer-link.md): public, with the link's token alone. They go out without the
 * session's tokens (`base`: an agent who opens a customer link on their own device stays out of it),
 * are never kept on the device (`meta.device`: a revoked link must not open from a cached copy), and
 * never wait for reachability (a customer's phone is not the agent's app).
 */
const PUBLIC = { base: API_BASE } as const;
const path = (token: string, rest = '') => `share/${encodeURIComponent(token)}${rest}`;

export const publicProposalKey = (token: string) => ['public-proposal', token] as const;

export const publicProposalQuery = (token: string) =>
  queryOptions({
    queryKey: publicProposalKey(token),
    queryFn: async () => (await api<Data<PublicProposal>>(path(token), PUBLIC)).data,
    meta: { device: false },
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
    // A neutral 404 (or a 429) is the answer, not a hiccup to retry.
    retry: (n, err) => !(err instanceof ApiError && err.status > 0 && err.status < 500) && n < 2,
    // While the PDF is being made, the page looks again now and then.
    refetchInterval: (q) => (q.state.data && !q.state.data.pdf_ready ? 4000 : false),
  });

export const usePublicProposal = (token: string) => useQuery(publicProposalQuery(token));

export const pdfUrl = (token: string) => serverUrl(`${API_BASE}/${path(token, '/pdf')}`);

/** The customer's writes, one per intent as the agent's (src/api/use-write.ts): the server keeps their keys per link. */
function useProposalWrite<V>(token: string, write: (v: V, key: string) => Promise<PublicProposal>, sameIntent?: (a: V, b: V) => boolean) {
  const qc = useQueryClient();
  return useWrite({ mutationFn: write, ...(sameIntent ? { sameIntent } : {}), onSuccess: (p) => qc.setQueryData(publicProposalKey(token), p) });
}

export const useUploadDocument = (token: string) =>
  useProposalWrite(
    token,
    async ({ fileType, file }: { fileType: string; file: File }, key) => {
      const form = new FormData();
      form.append('file_type', fileType);
      form.append('file', file, file.name);
      const res = await send(path(token, '/documents'), { ...PUBLIC, method: 'POST', body: form, idempotencyKey: key });
      return ((await res.json()) as Data<PublicProposal>).data;
    },
    // Each file is its own intent.
    (a, b) => a.file === b.file && a.fileType === b.fileType,
  );

export const useAcceptProposal = (token: string) =>
  useProposalWrite(
    token,
    async (body: ShareAccept, key) => (await api<Data<PublicProposal>>(path(token, '/accept'), { ...PUBLIC, method: 'POST', body, idempotencyKey: key })).data,
  );

/** 'Accetta' first sends the one-time code to the customer's e-mail (docs/adr/0060-signing-with-a-one-time-code.md): one code per tap. */
export const useRequestSignCode = (token: string) =>
  useWrite({
    mutationFn: async (_: void, key: string) =>
      (await api<Data<ShareCodeSent>>(path(token, '/accept/code'), { ...PUBLIC, method: 'POST', idempotencyKey: key })).data,
  });
