import { describe, expect, it } from 'vitest';
import { badges, clearAll, currentMonth, dateRangeError, initialState, showBadges, toggleStatus, update } from './search-state';

describe('quotations search state', () => {
  it('defaults to the current month, date sort, page 1', () => {
    expect(currentMonth(new Date(2024, 1, 10))).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    const s = initialState(new Date(2024, 11, 31));
    expect([s.startDate, s.endDate, s.sort, s.page]).toEqual(['2024-12-01', '2024-12-31', 'date-desc', 1]);
  });

  it('checks the range', () => {
    expect(dateRangeError({ startDate: '', endDate: '2024-01-01' })).toBe('Indicare la data di inizio');
    expect(dateRangeError({ startDate: '2024-01-01', endDate: '' })).toBe('Indicare la data di fine');
    expect(dateRangeError({ startDate: '2024-02-01', endDate: '2024-01-01' })).toMatch(/successiva/);
    expect(dateRangeError({ startDate: '2024-01-01', endDate: '2024-01-01' })).toBeNull();
  });

  it('shows badges only for the spec conditions', () => {
    const s = initialState();
    expect(showBadges(s)).toBe(false);
    expect(showBadges({ ...s, fiscal_code: 'RSSMRA85T1' })).toBe(false);
    expect(showBadges({ ...s, fiscal_code: 'RSSMRA85T10' })).toBe(true);
    expect(showBadges({ ...s, query: 'rossi' })).toBe(true);
    expect(showBadges({ ...s, quotation_id: '12' })).toBe(true);
    expect(badges({ ...s, query: 'rossi', fiscal_code: 'RSS' })).toEqual([
      { key: 'query', value: 'rossi' },
      { key: 'fiscal_code', value: 'RSS' },
    ]);
  });

  it('resets the page on changes, toggles statuses, clears the text filters', () => {
    const s = update(initialState(), { page: 3 });
    expect(s.page).toBe(3);
    expect(toggleStatus(s, 'WON')).toMatchObject({ status: ['WON'], page: 1 });
    expect(toggleStatus(toggleStatus(s, 'WON'), 'WON').status).toEqual([]);
    const filled = update(s, { query: 'a', fiscal_code: 'b', quotation_id: 'c', status: ['LOST'] });
    expect(clearAll(filled)).toMatchObject({ query: '', fiscal_code: '', quotation_id: '', status: ['LOST'], page: 1 });
  });
});
