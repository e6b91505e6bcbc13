import type { ContractualCategory } from '@core/categories';
import type { Answers } from '@core/prescoring/questions';
import type { Proposal } from '@core/schemas/quotations';

/** The credit check recorded on a proposal, as the sustainability step starts from it. */
export interface SavedCheck {
  contractualCategory: ContractualCategory;
  step: string | null;
  answers: Answers;
  response: { chance: number | null; description: string | null } | null;
}

/**
 * The answers (and result) already saved on the proposal, when they are for its customer's category:
 * going back to the sustainability step shows them rather than only the browser's stored check.
 */
export function savedCheckOf(proposal: Pick<Proposal, 'sustainability' | 'contractual_category'>): SavedCheck | null {
  const s = proposal.sustainability;
  if (!s || Object.keys(s.answers).length === 0) return null;
  const category = s.contractualCategory ?? proposal.contractual_category;
  if (category !== proposal.contractual_category) return null;
  return {
    contractualCategory: category,
    step: s.step ?? null,
    answers: s.answers,
    response: s.response ? { chance: s.response.chance ?? null, description: s.response.description ?? null } : null,
  };
}
