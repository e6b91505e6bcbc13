// The customer and credit-check checks of a quotation, with the spec's error strings as codes (§8).
import type { ContractualCategory } from '@core/categories';
import { ContractualCategorySchema } from '@core/schemas/common';
import { evaluate } from '@core/prescoring';
import { categoryAllowedFor, PROPOSAL_ERRORS } from '@core/quotation';
import { ProposalCustomerSchema, QuoteCustomerSchema } from '@core/schemas/customer';
import type { Sustainability } from '@core/schemas/quotations';
import type { z } from 'zod';
import { invalid } from '../../lib/errors';
import { fieldErrors, proposalError } from './shared';

/**
 * The customer checks of the client (core/schemas/customer.ts) plus the offer's, with the spec's
 * error strings as codes (§8): category not valid, customer type not compatible, invalid zip code.
 */
export function checkCustomer<S extends typeof ProposalCustomerSchema | typeof QuoteCustomerSchema>(
  schema: S,
  body: Record<string, unknown>,
  offerType: 'piva' | 'privati',
): z.output<S> {
  const cat = ContractualCategorySchema.safeParse(body.employee_category);
  if (!cat.success) throw proposalError('Contractual category not valid', { employee_category: [PROPOSAL_ERRORS['Contractual category not valid']] });
  if (!categoryAllowedFor(cat.data, [offerType])) {
    throw proposalError('Customer type not compatible with offer', { employee_category: [PROPOSAL_ERRORS['Customer type not compatible with offer']] });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    if (errors.zip_code) throw proposalError('Invalid zip code', errors);
    throw invalid(errors);
  }
  return parsed.data as z.output<S>;
}

export function sustainabilityOf(s: Sustainability | null | undefined, category: ContractualCategory): Sustainability | null {
  if (!s || Object.keys(s.answers ?? {}).length === 0) return s ?? null;
  const contractualCategory = s.contractualCategory ?? category;
  // The outcome is the server's, from the answers (core/prescoring), never the client's.
  try {
    const response = evaluate({ contractualCategory, step: null, answers: s.answers });
    return { ...s, contractualCategory, response: { chance: response.chance, description: response.description, currentStep: response.currentStep } };
  } catch {
    throw invalid({ 'sustainability.answers': ['Risposte del credit check non valide'] });
  }
}
