// The compare PDF's data (docs/adr/0143-compare-offers.md, `POST offers/compare/attachment`): every offer through the detail
// (the one visibility rule, core/offer-visibility.ts: an offer the caller cannot see is 404, as the detail),
// priced and laid out by core/compare-table.ts as the compare page does, for this caller (their fees,
// their credit check).
import { compareItemKey } from '@core/compare';
import { compareColumn, type CompareColumn, type CompareRow, compareTable } from '@core/compare-table';
import { sustainabilityFilterOf } from '@core/offer-sustainability';
import type { CompareAttachment } from '@core/schemas/compare';
import type { AuthContext } from '../../lib/auth';
import { AppError, type FieldErrors, invalid } from '../../lib/errors';
import { configurationErrors, type OfferDetailService } from './detail';

export const COMPARE_MESSAGES = {
  duplicate: 'Questa configurazione è già nel confronto',
  /** Said alike of an offer that does not exist and of one the caller may not see: nothing leaks. */
  notVisible: 'Offerta non trovata o non visibile con il tuo account',
  someNotVisible: 'Una delle offerte del confronto non è disponibile',
  noMatch: 'La configurazione scelta non è più disponibile per questa offerta',
} as const;

export interface CompareSheet {
  columns: CompareColumn[];
  rows: CompareRow[];
  /** The credit check the sustainability row comes from, as its category. */
  contractualCategory: string | null;
}

export async function compareSheet(details: OfferDetailService, auth: AuthContext, body: CompareAttachment): Promise<CompareSheet> {
  const keys = body.items.map(compareItemKey);
  const twice = keys.findIndex((k, i) => keys.indexOf(k) !== i);
  if (twice >= 0) throw invalid({ [`items.${twice}`]: [COMPARE_MESSAGES.duplicate] });

  const sources = await Promise.all(
    body.items.map((item) =>
      details.detail(auth, item.code, { filter: undefined, answers: undefined }).catch((err: unknown) => {
        if (err instanceof AppError && err.statusCode === 404) return null;
        throw err;
      }),
    ),
  );
  const hidden: FieldErrors = {};
  sources.forEach((s, i) => {
    if (!s) hidden[`items.${i}.code`] = [COMPARE_MESSAGES.notVisible];
  });
  if (Object.keys(hidden).length) throw new AppError(404, COMPARE_MESSAGES.someNotVisible, hidden);

  // The check is re-run from the category and answers, as the offers search does: the client's result is not trusted.
  const check = sustainabilityFilterOf({ contractualCategory: body.contractualCategory, answers: body.answers })?.limits ?? null;
  const showFees = auth.can('fees-visibility');
  const errors: FieldErrors = {};
  const columns: CompareColumn[] = [];
  body.items.forEach((item, i) => {
    const result = compareColumn(sources[i]!, item, { check, showFees });
    if (result.ok) columns.push(result.column);
    else if (result.reason === 'no-match') errors[`items.${i}`] = [COMPARE_MESSAGES.noMatch];
    else for (const [field, messages] of Object.entries(configurationErrors(result, item.colors))) errors[`items.${i}.${field}`] = messages;
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return {
    columns,
    // The customer's version (the default) never carries the commission: it is the agent's figure, not the customer's.
    rows: compareTable(columns, { sustainability: check !== null, commission: showFees && body.version === 'agente' }),
    contractualCategory: check ? (body.contractualCategory ?? null) : null,
  };
}
