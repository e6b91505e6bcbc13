import { Button } from '../../ui/button';
import peopleOutline from 'ionicons-svg/people-outline.svg?raw';
import { Link } from 'react-router-dom';
import { type ReactNode, useState } from 'react';
import { hasFeature } from '@core/features';
import { formatDateIt, formatEuro } from '@core/format';
import type { StatsInterval } from '@core/schemas/sales';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/statistics';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { useNetworkStatistics } from './api/get-network-statistics';
import { Figure } from './components/figure';
import { PeriodSelect } from '../../ui/period-select';
import './network.css';
import { StatusLegend } from '../../ui/status-legend';
import { Icon } from '../../ui/icon';

/**
 * /admin, 'Rete' (spec §2, §6): group leaders with feature network. Team statistics for a
 * period (totals, then each agent of the network linking to their page) and the team panel, which
 * App.tsx plugs in through `teamPanel` since features never import each other.
 */
export default function NetworkPage({ teamPanel }: { teamPanel?: ReactNode }) {
  const { data: profile } = useProfile();
  const [interval, setPeriod] = useState<StatsInterval>('month');
  const stats = useNetworkStatistics(interval);
  const s = stats.data;
  const fees = hasFeature(profile?.features, 'fees-visibility') && s?.totals.effective_profit !== null;
  const t = it.network;

  return (
    <AppPage title={t.title} className="network-page">
      <h1 className="nw-title">{t.title}</h1>
      <PeriodSelect value={interval} onChange={setPeriod} className="nw-periods" />
      {s && (
        <p className="nw-range" data-testid="nw-range">
          {it.dashboard.range(formatDateIt(s.selectedRange.start), formatDateIt(s.selectedRange.end))}
        </p>
      )}
      {stats.isError && !s && (
        <p className="form-error" role="alert">
          {t.loadError}
        </p>
      )}
      {s && (
        <div className={stats.isFetching ? 'nw-loading' : ''}>
          <h2 className="nw-section-title">{t.totals}</h2>
          <div className="nw-grid" data-testid="network-totals">
            <section className="nw-card">
              <h2>{it.dashboard.status}</h2>
              <StatusLegend className="nw-legend" counts={s.totals} testIdPrefix="total" />
            </section>
            <Figure label={t.contracts} value={s.totals.won} testId="total-contracts" />
            <Figure label={t.newCustomers} value={s.totals.new_customers} testId="total-new-customers" />
            <section className="nw-card">
              <h2>{t.customers}</h2>
              <p className="nw-figure" data-testid="total-customers">
                {s.totals.customers}
              </p>
              <Button size="small" fill="outline" routerLink={links.customers()} className="nw-link-button">
                <Icon slot="start" icon={peopleOutline} />
                {t.allCustomers}
              </Button>
            </section>
            <section className="nw-card nw-card-wide-sm">
              <h2>{it.dashboard.profit}</h2>
              {fees && s.totals.effective_profit !== null && (
                <>
                  <p className="nw-label">{t.effectiveProfit}</p>
                  <p className="nw-figure" data-testid="total-effective-profit">
                    {formatEuro(s.totals.effective_profit)}
                  </p>
                </>
              )}
              <p className="nw-label">{t.potentialProfit}</p>
              <p className={fees ? 'nw-figure-small' : 'nw-figure'} data-testid="total-potential-profit">
                {formatEuro(s.totals.potential_profit)}
              </p>
            </section>
          </div>
          <h2 className="nw-section-title">
            {t.agents} <span className="nw-muted">({t.agentsCount(s.agents.length)})</span>
          </h2>
          <div className="nw-table-wrap">
            <table className="nw-table" data-testid="network-agents">
              <thead>
                <tr>
                  <th scope="col">{t.agent}</th>
                  <th scope="col">{it.agentPage.status}</th>
                  <th scope="col">{t.open}</th>
                  <th scope="col">{t.won}</th>
                  <th scope="col">{t.lost}</th>
                  {fees && <th scope="col">{t.effectiveProfit}</th>}
                  <th scope="col">{t.potentialProfit}</th>
                  <th scope="col">{t.newCustomers}</th>
                  <th scope="col">{t.customers}</th>
                </tr>
              </thead>
              <tbody>
                {s.agents.map((a) => (
                  <tr key={a.agent.code} data-testid="network-agent" data-code={a.agent.code}>
                    <th scope="row">
                      <Link to={links.agent(a.agent.code)} className="nw-agent-link">
                        {a.agent.name}
                        {a.agent.code === profile?.code && <span className="nw-muted"> ({t.you})</span>}
                      </Link>
                      {a.agent.business_name && <span className="nw-muted nw-business">{a.agent.business_name}</span>}
                    </th>
                    <td data-label={it.agentPage.status}>
                      <span className={`nw-status nw-status-${a.agent.status.toLowerCase()}`}>{it.team.status[a.agent.status]}</span>
                    </td>
                    <td data-label={t.open}>{a.open}</td>
                    <td data-label={t.won}>{a.won}</td>
                    <td data-label={t.lost}>{a.lost}</td>
                    {fees && (
                      <td className="nw-money" data-label={t.effectiveProfit}>
                        {formatEuro(a.effective_profit ?? 0)}
                      </td>
                    )}
                    <td className="nw-money" data-label={t.potentialProfit}>
                      {formatEuro(a.potential_profit)}
                    </td>
                    <td data-label={t.newCustomers}>{a.new_customers}</td>
                    <td data-label={t.customers}>{a.customers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {teamPanel && <div className="nw-team">{teamPanel}</div>}
    </AppPage>
  );
}
