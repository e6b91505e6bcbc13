import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Proposal, ProposalSchema } from '@core/schemas/quotations';
import { putProposal } from './api/proposal-writes';
import { openProposalStream } from './api/proposal-stream';
import { quotationKeys } from './api/quotations';
import { PDF_STEP } from './pdf-button';

/** While the PDF is generated, the proposal's event stream puts each update in the cache, until the PDF is there. */
export function usePdfStream(proposal: Proposal | undefined) {
  const qc = useQueryClient();
  const id = proposal?.id;
  const waiting = Boolean(proposal && !proposal.has_pdf && proposal.step >= PDF_STEP);
  useEffect(() => {
    if (!waiting || id === undefined || typeof EventSource === 'undefined') return;
    return openProposalStream(id, {
      on: {
        update: (data, close) => {
          const p = ProposalSchema.safeParse(JSON.parse(data));
          // An answer off the contract is not trusted into the cache: the proposal is read again instead.
          if (!p.success) return void qc.invalidateQueries({ queryKey: quotationKeys.proposal(String(id)) });
          putProposal(qc, p.data);
          if (p.data.has_pdf) close();
        },
      },
    });
  }, [waiting, id, qc]);
}
