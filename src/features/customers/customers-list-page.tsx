import { Spinner } from '../../ui/spinner';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatDateIt } from '@core/format';
import type { CustomerListItem } from '@core/schemas/network';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/customers';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { Pagination } from '../../ui/pagination';
import { useDebounced } from '../../ui/use-debounced';
import { useAgents } from '../../api/quotation-filters';
import { useCustomers } from './api/get-customers';
import './customers.css';
import { DataAge } from '../../ui/data-age';

/** The spec's 500 ms debounce on filter inputs (spec §9). */
const DEBOUNCE_MS = 500;

const agentFromUrl = (search: string) => {
  const n = Number(new URLSearchParams(search).get('agent_id'));
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /customers: the caller's customers (a leader's: the network's), searched by name, CF or VAT, 10 a page. */
export default function CustomersListPage() {
  const { search: urlSearch } = useLocation();
  const { data: profile } = useProfile();
  const [query, setQuery] = useState('');
  const [agentId, setAgentId] = useState<number | null>(() => agentFromUrl(urlSearch));
  const [page, setPage] = useState(1);
  // Ionic keeps this page mounted: a later link with another agent_id must still apply.
  useEffect(() => {
    setAgentId(agentFromUrl(urlSearch));
    setPage(1);
  }, [urlSearch]);
  const text = useDebounced(query.trim(), DEBOUNCE_MS);
  const params = useMemo(() => ({ query: text, page, ...(agentId ? { agent_id: agentId } : {}) }), [text, page, agentId]);
  const list = useCustomers(params);
  const leader = profile?.role === 1;
  const agents = useAgents();
  const result = list.data;

  return (
    <AppPage title={it.customers.title} className="customers-page">
      <form className="cu-filters" role="search" onSubmit={(e) => e.preventDefault()} aria-label={it.customers.title}>
        <label className="cu-query">
          {it.customers.query}
          <input
            type="search"
            name="query"
            maxLength={100}
            value={query}
            placeholder={it.customers.queryPlaceholder}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(1);
            }}
          />
        </label>
        {leader && (agents.data?.length ?? 0) > 1 && (
          <label>
            {it.customers.agent}
            <select
              name="agent_id"
              value={agentId ?? ''}
              onChange={(e) => {
                setAgentId(e.target.value ? Number(e.target.value) : null);
                setPage(1);
              }}
            >
              <option value="">{it.customers.allAgents}</option>
              {agents.data?.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </form>
      <DataAge updatedAt={list.dataUpdatedAt} />
      <h1 className="cu-count" aria-live="polite" data-testid="customers-count">
        {result ? it.customers.count(result.total) : '\u00a0'}
        {list.isFetching && <Spinner name="dots" aria-hidden="true" />}
      </h1>
      {list.isError && !result && (
        <p className="form-error" role="alert">
          {it.customers.loadError}
        </p>
      )}
      {result && result.items.data.length === 0 && <p className="cu-empty">{it.customers.empty}</p>}
      <ul className="cu-list" data-testid="customers-list">
        {result?.items.data.map((c) => (
          <CustomerRow key={c.id} c={c} showAgent={leader} />
        ))}
      </ul>
      {result && <Pagination current={result.currentPage} last={result.lastPage} onPage={setPage} />}
    </AppPage>
  );
}

function CustomerRow({ c, showAgent }: { c: CustomerListItem; showAgent: boolean }) {
  return (
    <li>
      <Link className="cu-item" to={links.customer(c.id)} data-testid="customer-row">
        <span className="cu-item-head">
          <strong className="cu-name">{c.name}</strong>
          <span className={`cu-type cu-type-${c.employee_type.toLowerCase()}`}>
            {c.employee_type === 'BUSINESS' ? it.customers.businessType : it.customers.privateType}
          </span>
        </span>
        <span className="cu-item-body">
          <span className="cu-code">{c.employee_type === 'BUSINESS' && c.vat_number ? c.vat_number : c.fiscal_code}</span>
          {c.email && <span>{c.email}</span>}
          {c.city && <span>{c.city}</span>}
          {showAgent && <span className="cu-agent">{c.agent.name}</span>}
        </span>
        <span className="cu-item-foot">
          <span>{it.customers.quotations(c.quotations)}</span>
          {c.last_quotation && <span>{it.customers.lastQuotation(formatDateIt(c.last_quotation))}</span>}
        </span>
      </Link>
    </li>
  );
}
