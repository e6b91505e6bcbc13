import { Button } from '../../ui/button';
import { RemovableChip } from '../../ui/chip';
import { Spinner } from '../../ui/spinner';
import downloadOutline from 'ionicons-svg/download-outline.svg?raw';
import optionsOutline from 'ionicons-svg/options-outline.svg?raw';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateIt, formatDateTimeIt, formatEuro } from '@core/format';
import { QUOTATION_STATUSES, STATUS_LABELS, TRACKER_STEPS, proposalTitle } from '@core/quotation';
import type { QuotationListItem, QuotationSort } from '@core/schemas/sales';
import { it } from '../../i18n/quotations';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { Pagination } from '../../ui/pagination';
import { useDebounced } from '../../ui/use-debounced';
import { breakpoints } from '../../ui/breakpoints';
import { useMediaQuery } from '../../ui/use-media-query';
import { useExportQuotations } from './api/export-quotations';
import { useQuotationFilters } from '../../api/quotation-filters';
import { useSearchQuotations } from '../../api/quotations-search';
import { badges, clearAll, dateRangeError, initialState, type QuotationFilterState, toggleStatus, update } from './search-state';
import './quotations-list.css';
import { Icon } from '../../ui/icon';
import { DataAge } from '../../ui/data-age';
import { usePendingWrites } from '../../offline/hooks';
import { CUSTOMER_ACTIVITY_LABELS } from '@core/share';

/** The spec's 500 ms debounce on filter inputs (spec §9). */
const DEBOUNCE_MS = 500;

export default function QuotationsListPage() {
  const [state, setState] = useState<QuotationFilterState>(() => initialState());
  const filters = useQuotationFilters();
  const exporter = useExportQuotations();
  const text = useDebounced({ query: state.query, fiscal_code: state.fiscal_code, quotation_id: state.quotation_id }, DEBOUNCE_MS);
  const rangeError = dateRangeError(state);
  const body = useMemo(
    () => ({ ...text, startDate: state.startDate, endDate: state.endDate, status: state.status, agent_id: state.agent_id, sort: state.sort, page: state.page }),
    [text, state.startDate, state.endDate, state.status, state.agent_id, state.sort, state.page],
  );
  const search = useSearchQuotations(body, rangeError === null);
  const set = (patch: Partial<QuotationFilterState>) => setState((s) => update(s, patch));
  const result = search.data;
  const agents = filters.data?.agents ?? [];
  const shownBadges = badges(state);
  // Below the docked menu's width the filters fold behind 'Filtra', as the offers' drawer does (docs/adr/0147-layout-floating-strip-phones-no-shift.md:
  // on a phone they filled the whole first screen).
  const wide = useMediaQuery(breakpoints.lg);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const folded = !wide && !filtersOpen;
  const active = shownBadges.length + (state.status.length > 0 ? 1 : 0) + (state.agent_id !== null ? 1 : 0);

  return (
    <AppPage title={it.quotations.title} className="quotations-list-page">
      {!wide && (
        <Button
          expand="block"
          fill="outline"
          className="ql-filter-toggle"
          aria-expanded={filtersOpen}
          aria-controls="ql-filters"
          onClick={() => setFiltersOpen((o) => !o)}
          data-testid="quotations-filter-toggle"
        >
          <Icon slot="start" icon={optionsOutline} />
          {it.quotations.filter}
          {active > 0 ? ` (${active})` : ''}
        </Button>
      )}
      <div id="ql-filters" hidden={folded}>
        <form className="ql-filters" onSubmit={(e) => e.preventDefault()} aria-label={it.quotations.title}>
          <label>
            {it.quotations.query}
            <input
              type="search"
              name="query"
              value={state.query}
              placeholder={it.quotations.queryPlaceholder}
              onChange={(e) => set({ query: e.target.value })}
            />
          </label>
          <label>
            {it.quotations.fiscalCode}
            <input name="fiscal_code" maxLength={16} value={state.fiscal_code} onChange={(e) => set({ fiscal_code: e.target.value.toUpperCase() })} />
          </label>
          <label>
            {it.quotations.quotationId}
            <input name="quotation_id" maxLength={20} value={state.quotation_id} onChange={(e) => set({ quotation_id: e.target.value })} />
          </label>
          <label>
            {it.quotations.startDate}
            <input
              type="date"
              name="startDate"
              value={state.startDate}
              onChange={(e) => set({ startDate: e.target.value })}
              aria-invalid={rangeError !== null}
            />
          </label>
          <label>
            {it.quotations.endDate}
            <input type="date" name="endDate" value={state.endDate} onChange={(e) => set({ endDate: e.target.value })} aria-invalid={rangeError !== null} />
          </label>
          {agents.length > 1 && (
            <label>
              {it.quotations.agent}
              <select name="agent_id" value={state.agent_id ?? ''} onChange={(e) => set({ agent_id: e.target.value ? Number(e.target.value) : null })}>
                <option value="">{it.quotations.allAgents}</option>
                {agents.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label>
            {it.quotations.sort}
            <select name="sort" value={state.sort} onChange={(e) => set({ sort: e.target.value as QuotationSort })}>
              <option value="date-desc">{it.quotations.sortNewest}</option>
              <option value="date-asc">{it.quotations.sortOldest}</option>
            </select>
          </label>
        </form>
        {rangeError && (
          <p className="form-error" role="alert">
            {rangeError}
          </p>
        )}
        <div className="ql-statuses" role="group" aria-label={it.quotations.status}>
          {QUOTATION_STATUSES.map((s) => {
            const on = state.status.includes(s);
            return (
              <Button
                key={s}
                size="small"
                fill={on ? 'solid' : 'outline'}
                className={`ql-status ql-status-${s.toLowerCase()}`}
                aria-pressed={on}
                onClick={() => setState((x) => toggleStatus(x, s))}
              >
                {STATUS_LABELS[s]}
              </Button>
            );
          })}
        </div>
      </div>
      <PendingQuotations />
      <DataAge updatedAt={search.dataUpdatedAt} />
      <div className="ql-bar">
        <h1 className="ql-count" aria-live="polite" data-testid="quotations-count">
          {result ? it.quotations.count(result.total) : '\u00a0'}
          {search.isFetching && <Spinner name="dots" aria-hidden="true" />}
        </h1>
        <Button fill="outline" onClick={() => exporter.mutate(body)} disabled={exporter.isPending || !result?.total || rangeError !== null}>
          {exporter.isPending ? <Spinner slot="start" name="dots" /> : <Icon slot="start" icon={downloadOutline} />}
          {it.quotations.download}
        </Button>
      </div>
      {shownBadges.length > 0 && (
        <div className="ql-badges" data-testid="filter-badges">
          {shownBadges.map((b) => (
            <RemovableChip
              key={b.key}
              title={it.quotations.removeBadge}
              aria-label={`${it.quotations.badge[b.key]}: ${b.value}. ${it.quotations.removeBadge}`}
              onRemove={() => set({ [b.key]: '' })}
            >
              {`${it.quotations.badge[b.key]}: ${b.value}`}
            </RemovableChip>
          ))}
          <Button fill="clear" size="small" onClick={() => setState(clearAll)}>
            {it.quotations.removeAll}
          </Button>
        </div>
      )}
      {exporter.isError && (
        <p className="form-error" role="alert">
          {it.quotations.downloadFailed}
        </p>
      )}
      {search.isError && !result && (
        <p className="form-error" role="alert">
          {it.quotations.loadError}
        </p>
      )}
      {result && result.items.data.length === 0 && <p className="ql-empty">{it.quotations.empty}</p>}
      <ul className="ql-list" data-testid="quotations-list">
        {result?.items.data.map((q) => (
          <QuotationRow key={q.proposal_id} q={q} />
        ))}
      </ul>
      {result && <Pagination current={result.currentPage} last={result.lastPage} onPage={(page) => set({ page })} />}
    </AppPage>
  );
}

function QuotationRow({ q }: { q: QuotationListItem }) {
  return (
    <li>
      <Link className="ql-item" to={links.quotation(q.proposal_id)} data-testid="quotation-row">
        <div className="ql-item-head">
          <strong>{proposalTitle(q.proposal_id)}</strong>
          <span className="ql-code">{q.code ?? it.quotations.noCode}</span>
          <span className={`ql-badge ql-badge-${q.status.toLowerCase()}`} data-testid="quotation-status">
            {STATUS_LABELS[q.status]}
          </span>
          {!q.stillValid && q.step < 3 && <span className="ql-badge ql-badge-expired">{it.quotations.expired}</span>}
          {q.customer_activity && (
            <span
              className="ql-badge ql-badge-customer"
              data-state={q.customer_activity.state}
              title={formatDateTimeIt(q.customer_activity.at)}
              data-testid="customer-activity"
            >
              {CUSTOMER_ACTIVITY_LABELS[q.customer_activity.state]}
            </span>
          )}
        </div>
        <div className="ql-item-body">
          <span className="ql-customer">{q.customer_name}</span>
          <span className="ql-car">{q.car_name}</span>
          <span>{formatDateIt(q.date)}</span>
          <span>{it.quotations.monthly(formatEuro(q.price))}</span>
          <span>{it.quotations.deposit(formatEuro(q.deposit, { decimals: 0 }))}</span>
          {q.commission !== null && <span>{it.quotations.commission(formatEuro(q.commission, { decimals: 0 }))}</span>}
          <span className="ql-agent">{q.agent_name}</span>
        </div>
        <ol className="ql-tracker" aria-label={it.quotations.step(q.step)}>
          {TRACKER_STEPS.map((label, i) => (
            <li key={label} className={i + 1 <= q.step ? 'done' : ''} aria-current={i + 1 === q.step ? 'step' : undefined}>
              <span className="ql-dot" aria-hidden="true" />
              <span className="ql-step-label">{label}</span>
            </li>
          ))}
        </ol>
      </Link>
    </li>
  );
}

/**
 * Quotations made on this device that the server does not have yet (the outbox): listed first, so a
 * quote saved offline is in 'Preventivi Salvati' from the moment it is saved (docs/adr/0154-outbox-write-path-and-retry-rules.md).
 */
function PendingQuotations() {
  const creates = usePendingWrites().filter((e) => e.method === 'POST' && (e.path === 'proposals' || e.path === 'quote'));
  if (!creates.length) return null;
  return (
    <ul className="ql-list ql-pending" data-testid="pending-quotations">
      {creates.map((e) => (
        <li key={e.clientId}>
          <Link className="ql-item" to={links.quotation(e.clientId)} data-testid="pending-quotation">
            <strong>{e.label}</strong> <span className="ql-badge">{e.status === 'rejected' ? it.quotations.pendingRejected : it.quotations.pending}</span>
            {e.status === 'rejected' && e.error && <span className="form-error"> {e.error}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
