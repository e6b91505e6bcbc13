import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { putProposal } from './api/proposal-writes';
import { openProposalStream } from './api/proposal-stream';
import { fetchProposal, shareKeys } from './api/shares';

/**
 * While a quotation has a customer link open, follows what the customer does (docs/adr/0134-customer-accepts-agent-follows.md): the
 * proposal's event stream in follow mode (GET proposals/sync/{id}?follow=1) sends an 'activity' event
 * per visit, document or acceptance, and the page reads the links and the proposal again.
 *
 * The proposal read is put in the cache only if no write of this page started or ran while it was on
 * its way: a read that left before the agent's own write (accepting, uploading) could otherwise land
 * after that write's answer and put the older proposal back on screen. Such a read is dropped and made
 * again once the writes are done.
 */
export function useShareFollow(proposalId: number, enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let stopped = false;
    let again: ReturnType<typeof setTimeout> | undefined;
    // Every mutation started on the page moves the epoch: a read that saw it move is stale.
    let epoch = 0;
    const unsubscribe = qc.getMutationCache().subscribe((e) => {
      if (e.type === 'added' || (e.type === 'updated' && e.action.type === 'pending')) epoch++;
    });

    const refresh = async () => {
      clearTimeout(again);
      void qc.invalidateQueries({ queryKey: shareKeys.list(proposalId) });
      if (qc.isMutating() > 0) {
        again = setTimeout(() => void refresh(), 500);
        return;
      }
      const start = epoch;
      try {
        const fresh = await fetchProposal(proposalId);
        if (stopped) return;
        if (epoch !== start || qc.isMutating() > 0) {
          again = setTimeout(() => void refresh(), 500);
          return;
        }
        putProposal(qc, fresh);
      } catch {
        // Offline or refused: the page keeps what it shows; the next event or visit reads it again.
      }
    };

    const stopStream = openProposalStream(proposalId, {
      follow: true,
      on: { activity: () => void refresh() },
      // Opened again after a drop: what happened meanwhile is read once.
      onOpen: (reopened) => reopened && void refresh(),
      noTokenRetryMs: 15_000,
    });
    return () => {
      stopped = true;
      unsubscribe();
      clearTimeout(again);
      stopStream();
    };
  }, [enabled, proposalId, qc]);
}
