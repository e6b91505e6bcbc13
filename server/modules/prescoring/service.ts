import { evaluate, logicFor, type CheckInput, type Logic, type LogicVariant, type OfferCheckInput, type PrescoringResponse } from '@core/prescoring';
import { AppError } from '../../lib/errors';
import { ContractualCategorySchema } from '@core/schemas/common';

// The rules are pure data and functions in core/prescoring (docs/prescoring.md); the service only maps
// them to the HTTP contract. No database, no I/O: a check costs microseconds.

export function logic(category: string, variant: LogicVariant): Logic {
  const parsed = ContractualCategorySchema.safeParse(category);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Attenzione, la categoria contrattuale non è valida.';
    // The path names a resource that does not exist: 404, with the spec's message (section 8).
    throw new AppError(404, message, { contractualCategory: [message] }, 'INVALID_CATEGORY');
  }
  return logicFor(parsed.data, variant);
}

/** The quote (widget) check: no offer involved, even if the client sent one. */
export function check(input: CheckInput): PrescoringResponse {
  return evaluate({ contractualCategory: input.contractualCategory, step: input.step, answers: input.answers });
}

/** The single-offer check: the offer's rate and deposit held against the customer's limits. */
export function offerCheck(input: OfferCheckInput): PrescoringResponse {
  return evaluate(input);
}
