// A network's split of an offer's margin (catalogue spec §2 'Team member': fee types FIXED_VALUE 'Gettone
// fisso', FLAT_PERCENTAGE 'Percentuale FLAT', HIERARCHICAL_PERCENTAGE 'Percentuale gerarchica'; sales spec §1:
// agents see an indicative potential earning per offer). What a sub-agent is shown is their own earning,
// never a figure that is the leader's alone: docs/adr/0052-network-margins-sub-agents-see-their-own.md.
import type { AgentFeeSettings } from './offer-detail';

/**
 * The fee settings that price an agent's commission, from the agent up their network: `chain[0]` is the agent,
 * `chain[1]` their group leader or parent, and so on to the network's head. A fixed fee is euros per contract;
 * a flat percentage is of the offer's margin; a hierarchical percentage is of what the parent earns (the
 * head of the network earns the whole margin). A hierarchical share of a fixed fee is itself a fixed fee.
 */
export function networkFeeSettings(chain: readonly AgentFeeSettings[]): AgentFeeSettings {
  const agent = chain[0];
  if (!agent) return { feeType: 'FLAT_PERCENTAGE', feeValue: 0 };
  const own = Math.max(0, agent.feeValue);
  if (agent.feeType !== 'HIERARCHICAL_PERCENTAGE') return { feeType: agent.feeType, feeValue: own };
  const percent = Math.min(100, own);
  const parent = parentShare(chain.slice(1));
  return { feeType: parent.feeType, feeValue: (parent.feeValue * percent) / 100 };
}

/** What a parent earns to share: the network's head (no parent above, or none known) earns the whole margin. */
const parentShare = (chain: readonly AgentFeeSettings[]): AgentFeeSettings =>
  chain.length < 2 ? { feeType: 'FLAT_PERCENTAGE', feeValue: 100 } : networkFeeSettings(chain);
