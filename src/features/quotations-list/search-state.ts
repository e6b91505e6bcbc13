import type { QuotationSort } from '@core/schemas/sales';
import type { QuotationStatus } from '@core/quotation';
import { SALES_MESSAGES } from '@core/schemas/sales';

export type QuotationFilterState = {
  query: string;
  fiscal_code: string;
  quotation_id: string;
  startDate: string;
  endDate: string;
  status: QuotationStatus[];
  agent_id: number | null;
  sort: QuotationSort;
  page: number;
};

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The spec's default range: the current month, first to last day. */
export function currentMonth(today = new Date()): { startDate: string; endDate: string } {
  return { startDate: ymd(new Date(today.getFullYear(), today.getMonth(), 1)), endDate: ymd(new Date(today.getFullYear(), today.getMonth() + 1, 0)) };
}

export const initialState = (today = new Date()): QuotationFilterState => ({
  query: '',
  fiscal_code: '',
  quotation_id: '',
  ...currentMonth(today),
  status: [],
  agent_id: null,
  sort: 'date-desc',
  page: 1,
});

/** Quotation search rule (spec §5): both dates, start not after end. Null when fine. */
export function dateRangeError(s: Pick<QuotationFilterState, 'startDate' | 'endDate'>): string | null {
  if (!s.startDate) return SALES_MESSAGES.startRequired;
  if (!s.endDate) return SALES_MESSAGES.endRequired;
  if (s.startDate > s.endDate) return SALES_MESSAGES.startAfterEnd;
  return null;
}

/** Badges show only if query is non-empty, fiscal_code has at least 11 characters, or quotation_id is non-empty. */
export function showBadges(s: Pick<QuotationFilterState, 'query' | 'fiscal_code' | 'quotation_id'>): boolean {
  return s.query.trim() !== '' || s.fiscal_code.trim().length >= 11 || s.quotation_id.trim() !== '';
}

export type Badge = { key: 'query' | 'fiscal_code' | 'quotation_id'; value: string };
export function badges(s: QuotationFilterState): Badge[] {
  if (!showBadges(s)) return [];
  return (['query', 'fiscal_code', 'quotation_id'] as const).filter((k) => s[k].trim() !== '').map((k) => ({ key: k, value: s[k].trim() }));
}

/** A change of anything but the page goes back to page 1; clearing all resets the three text fields. */
export function update(s: QuotationFilterState, patch: Partial<QuotationFilterState>): QuotationFilterState {
  return { ...s, ...patch, page: patch.page ?? 1 };
}
export const clearAll = (s: QuotationFilterState): QuotationFilterState => update(s, { query: '', fiscal_code: '', quotation_id: '' });

export function toggleStatus(s: QuotationFilterState, status: QuotationStatus): QuotationFilterState {
  const has = s.status.includes(status);
  return update(s, { status: has ? s.status.filter((x) => x !== status) : [...s.status, status] });
}
