import { useParams } from 'react-router-dom';
import { PendingProposal } from './pending-proposal';
import { ProposalView } from './proposal-view';
import type { SustainabilitySlot } from './sustainability-slot';
import './quotation.css';

export type { SustainabilityCheck, SustainabilitySlotProps } from './sustainability-slot';

const CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /quotations/:quotation (§2, §4): opens by quotation code or proposal id; a proposal created
 * offline opens at its client id (pending, or rejected with the server's message) until the
 * server's id arrives, then moves there.
 */
export default function QuotationPage({ sustainability }: { sustainability?: SustainabilitySlot }) {
  const { quotation = '' } = useParams();
  if (CLIENT_ID.test(quotation)) return <PendingProposal clientId={quotation} />;
  return <ProposalView id={quotation} sustainability={sustainability} />;
}
