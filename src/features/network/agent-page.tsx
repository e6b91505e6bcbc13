import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import peopleOutline from 'ionicons-svg/people-outline.svg?raw';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { hasFeature } from '@core/features';
import { formatDateIt, formatEuro } from '@core/format';
import type { StatsInterval } from '@core/schemas/sales';
import { ApiError } from '../../api/client';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/statistics';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { QuotationSummaryList } from '../../ui/quotation-summary';
import { useAgentPage } from './api/get-agent-page';
import { Figure } from './components/figure';
import { PeriodSelect } from '../../ui/period-select';
import './network.css';
import { StatusLegend } from '../../ui/status-legend';
import { Icon } from '../../ui/icon';
import { serverUrl } from '../../api/origin';

/**
 * /agents/{agent}: one agent's profile summary, their own figures for a period and latest quotations.
 * Open to the agent themselves and, for a group leader, to the agents of the network; others get 404.
 */
export default function AgentPage() {
  const { agent: code = '' } = useParams();
  const { data: profile } = useProfile();
  const [interval, setPeriod] = useState<StatsInterval>('month');
  const page = useAgentPage(code, interval);
  const d = page.data;
  const missing = page.error instanceof ApiError && (page.error.status === 404 || page.error.status === 422);
  const fees = hasFeature(profile?.features, 'fees-visibility');
  const t = it.agentPage;
  const a = d?.agent;
  const s = d?.statistics;

  return (
    <AppPage title={a?.name ?? t.title} className="agent-page">
      {page.isLoading && <Spinner />}
      {missing && (
        <div className="nw-missing">
          <p className="form-error" role="alert" data-testid="agent-not-found">
            {t.notFound}
          </p>
          <Button fill="outline" routerLink={links.home()}>
            {t.backHome}
          </Button>
        </div>
      )}
      {page.isError && !missing && !d && (
        <p className="form-error" role="alert">
          {t.loadError}
        </p>
      )}
      {a && s && (
        <>
          <header className="nw-agent">
            {a.image ? <img src={serverUrl(a.image)} alt="" className="nw-avatar" /> : <div className="nw-avatar nw-initials">{a.name.slice(0, 1)}</div>}
            <div className="nw-agent-main">
              <h1 data-testid="agent-name">{a.name}</h1>
              {a.business_name && <p className="nw-muted">{a.business_name}</p>}
              <p className="nw-agent-tags">
                <span className="nw-role">{(a.roleName || it.roles[a.role] || '').toUpperCase()}</span>
                <span className={`nw-status nw-status-${a.status.toLowerCase()}`}>{it.team.status[a.status]}</span>
              </p>
            </div>
          </header>
          <dl className="nw-facts">
            <div>
              <dt>{t.code}</dt>
              <dd>{a.code}</dd>
            </div>
            <div>
              <dt>{t.email}</dt>
              <dd>
                <a href={`mailto:${a.email}`}>{a.email}</a>
              </dd>
            </div>
            {a.phone && (
              <div>
                <dt>{t.phone}</dt>
                <dd>
                  <a href={`tel:${a.phone.replace(/\s+/g, '')}`}>{a.phone}</a>
                </dd>
              </div>
            )}
            {a.group_name && (
              <div>
                <dt>{t.group}</dt>
                <dd>{a.group_name}</dd>
              </div>
            )}
            {a.parent && (
              <div>
                <dt>{t.parent}</dt>
                <dd>
                  <Link to={links.agent(a.parent.code)}>{a.parent.name}</Link>
                </dd>
              </div>
            )}
            <div>
              <dt>{t.since}</dt>
              <dd>{formatDateIt(a.created_at)}</dd>
            </div>
            <div>
              <dt>{t.customers}</dt>
              <dd data-testid="agent-customers">{a.customers}</dd>
            </div>
          </dl>
          <div className="nw-actions">
            <Button fill="outline" size="small" routerLink={links.customers(profile?.role === 1 ? a.id : undefined)} data-testid="agent-customers-link">
              <Icon slot="start" icon={peopleOutline} />
              {t.showCustomers}
            </Button>
          </div>

          <h2 className="nw-section-title">{t.figures}</h2>
          <PeriodSelect value={interval} onChange={setPeriod} className="nw-periods" />
          <p className="nw-range">{it.dashboard.range(formatDateIt(s.selectedRange.start), formatDateIt(s.selectedRange.end))}</p>
          <div className={`nw-grid${page.isFetching ? ' nw-loading' : ''}`} data-testid="agent-figures">
            <section className="nw-card">
              <h2>{it.dashboard.status}</h2>
              <StatusLegend className="nw-legend" counts={s} testIdPrefix="agent" />
            </section>
            <Figure label={it.dashboard.contracts} value={s.won} />
            <Figure label={it.dashboard.newCustomers} value={s.new_customers} />
            <section className="nw-card nw-card-wide-sm">
              <h2>{it.dashboard.profit}</h2>
              {fees && s.effective_profit !== null && (
                <>
                  <p className="nw-label">{it.dashboard.effectiveProfit}</p>
                  <p className="nw-figure">{formatEuro(s.effective_profit)}</p>
                  {s.previous_effective_profit !== null && <p className="nw-note">{it.dashboard.previousProfit(formatEuro(s.previous_effective_profit))}</p>}
                </>
              )}
              <p className="nw-label">{it.dashboard.potentialProfit}</p>
              <p className={fees ? 'nw-figure-small' : 'nw-figure'}>{formatEuro(s.potential_profit)}</p>
            </section>
          </div>

          <h2 className="nw-section-title">{t.recent}</h2>
          {d.recent_quotations.length === 0 ? <p className="nw-muted">{t.noQuotations}</p> : <QuotationSummaryList items={d.recent_quotations} />}
        </>
      )}
    </AppPage>
  );
}
