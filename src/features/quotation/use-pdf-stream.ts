import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Proposal, ProposalSchema } from '@core/schemas/quotations';
import { serverUrl } from '../../api/origin';
import { putProposal } from './api/proposal-writes';
import { quotationKeys, streamToken } from './api/quotations';
import { PDF_STEP } from './pdf-button';

/**
 * While the PDF is generated, listens to GET proposals/sync/{id} (server-sent events). EventSource
 * sends no headers, so an authenticated call first gets a 2-minute token for this proposal's stream.
 */
export function usePdfStream(proposal: Proposal | undefined) {
  const qc = useQueryClient();
  const id = proposal?.id;
  const waiting = Boolean(proposal && !proposal.has_pdf && proposal.step >= PDF_STEP);
  useEffect(() => {
    if (!waiting || id === undefined || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = async () => {
      try {
        const token = await streamToken(id);
        if (stopped) return;
        source = new EventSource(serverUrl(`/api/v1/proposals/sync/${id}?token=${encodeURIComponent(token)}`));
        source.addEventListener('update', (e: MessageEvent<string>) => {
          const p = ProposalSchema.safeParse(JSON.parse(e.data));
          // An answer off the contract is not trusted into the cache: the proposal is read again instead.
          if (!p.success) return void qc.invalidateQueries({ queryKey: quotationKeys.proposal(String(id)) });
          putProposal(qc, p.data);
          if (p.data.has_pdf) source?.close();
        });
        // A dropped stream (expired token, server restart) is reopened with a fresh token.
        source.onerror = () => {
          source?.close();
          if (!stopped) retry = setTimeout(() => void open(), 5000);
        };
      } catch {
        if (!stopped) retry = setTimeout(() => void open(), 10_000);
      }
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [waiting, id, qc]);
}
