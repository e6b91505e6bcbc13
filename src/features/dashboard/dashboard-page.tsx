import { Button } from '../../ui/button';
import { IonButtons, IonHeader, IonTitle, IonToolbar } from '../../ui/ionic/toolbar';
import { IonContent } from '../../ui/ionic/content';
import { IonModal } from '../../ui/ionic/overlays';
import { PeriodSelect } from '../../ui/period-select';
import { useState } from 'react';
import { hasFeature } from '@core/features';
import { formatDateIt, formatEuro } from '@core/format';
import { type AgentSummary, type StatsInterval } from '@core/schemas/sales';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/statistics';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { useAgentStatistics } from '../../api/agent-statistics';
import { useAgents } from '../../api/quotation-filters';
import { MonthlyChart, StatusDoughnut } from './components/charts';
import './dashboard.css';
import { StatusLegend } from '../../ui/status-legend';
import { DataAge } from '../../ui/data-age';
import { serverUrl } from '../../api/origin';

export default function DashboardPage() {
  const { data: profile } = useProfile();
  const [interval, setPeriod] = useState<StatsInterval>('month');
  const [code, setCode] = useState<string | null>(null);
  const [shown, setShown] = useState<AgentSummary | null>(null);
  const leader = profile?.role === 1;
  const agents = useAgents();
  const statsCode = code ?? profile?.code ?? '';
  const stats = useAgentStatistics(statsCode, interval);
  const s = stats.data;
  const fees = hasFeature(profile?.features, 'fees-visibility');
  const network = (agents.data ?? []).filter((a) => a.code !== profile?.code);

  return (
    <AppPage title={it.dashboard.title} className="dashboard-page">
      <PeriodSelect value={interval} onChange={setPeriod} className="db-periods" />
      {leader && network.length > 0 && (
        <label className="db-view">
          {it.dashboard.view}
          <select value={code ?? ''} onChange={(e) => setCode(e.target.value || null)} name="agent">
            <option value="">{it.dashboard.network}</option>
            {network.map((a) => (
              <option key={a.code} value={a.code}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <DataAge updatedAt={stats.dataUpdatedAt} />
      {s && (
        <p className="db-range" data-testid="db-range">
          {it.dashboard.range(formatDateIt(s.selectedRange.start), formatDateIt(s.selectedRange.end))}
        </p>
      )}
      {stats.isError && !s && (
        <p className="form-error" role="alert">
          {it.dashboard.loadError}
        </p>
      )}
      {s && (
        <div className={`db-grid${stats.isFetching ? ' db-loading' : ''}`}>
          <section className="db-card db-status" aria-labelledby="db-status-title">
            <h2 id="db-status-title">{it.dashboard.status}</h2>
            <div className="db-doughnut">
              <StatusDoughnut stats={s} />
              <div className="db-doughnut-total" aria-hidden="true">
                {s.open + s.won + s.lost}
              </div>
            </div>
            <StatusLegend className="db-legend" counts={s} testIdPrefix="stat" />
          </section>
          <section className="db-card">
            <h2>{it.dashboard.contracts}</h2>
            <p className="db-figure" data-testid="stat-contracts">
              {s.won}
            </p>
          </section>
          <section className="db-card">
            <h2>{it.dashboard.newCustomers}</h2>
            <p className="db-figure" data-testid="stat-customers">
              {s.new_customers}
            </p>
          </section>
          <section className="db-card">
            <h2>{it.dashboard.profit}</h2>
            {fees && s.effective_profit !== null && (
              <>
                <p className="db-label">{it.dashboard.effectiveProfit}</p>
                <p className="db-figure" data-testid="stat-effective-profit">
                  {formatEuro(s.effective_profit)}
                </p>
                {s.previous_effective_profit !== null && <p className="db-note">{it.dashboard.previousProfit(formatEuro(s.previous_effective_profit))}</p>}
              </>
            )}
            <p className="db-label">{it.dashboard.potentialProfit}</p>
            <p className={fees ? 'db-figure-small' : 'db-figure'} data-testid="stat-potential-profit">
              {formatEuro(s.potential_profit)}
            </p>
          </section>
          <section className="db-card db-wide" aria-labelledby="db-monthly-title">
            <h2 id="db-monthly-title">{it.dashboard.monthly(Number(s.selectedRange.start.slice(0, 4)))}</h2>
            <div className="db-monthly">
              <MonthlyChart stats={s} />
            </div>
          </section>
        </div>
      )}
      {leader && network.length > 0 && (
        <section className="db-card db-agents" aria-labelledby="db-agents-title">
          <h2 id="db-agents-title">{it.dashboard.agents}</h2>
          <ul>
            {network.map((a) => (
              <li key={a.code}>
                <Button fill="clear" onClick={() => setShown(a)} aria-label={it.dashboard.showAgent(a.name)}>
                  {a.name}
                  {a.business_name ? ` · ${a.business_name}` : ''}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <IonModal isOpen={shown !== null} onDidDismiss={() => setShown(null)}>
        <IonHeader>
          <IonToolbar>
            <IonTitle>{it.dashboard.agentDetails}</IonTitle>
            <IonButtons slot="end">
              <Button onClick={() => setShown(null)}>{it.common.close}</Button>
            </IonButtons>
          </IonToolbar>
        </IonHeader>
        <IonContent className="ion-padding">
          {shown && (
            <div className="db-agent" data-testid="agent-modal">
              {shown.image ? (
                <img src={serverUrl(shown.image)} alt="" className="db-agent-image" />
              ) : (
                <div className="db-agent-image db-agent-initials">{shown.name.slice(0, 1)}</div>
              )}
              <dl>
                <dt>{it.dashboard.name}</dt>
                <dd>{shown.name}</dd>
                <dt>{it.dashboard.businessName}</dt>
                <dd>{shown.business_name || '—'}</dd>
                <dt>{it.dashboard.role}</dt>
                <dd>{shown.roleName || it.roles[shown.role]}</dd>
                <dt>{it.dashboard.code}</dt>
                <dd>{shown.code}</dd>
              </dl>
            </div>
          )}
          {shown && (
            <Button expand="block" fill="outline" routerLink={links.agent(shown.code)} onClick={() => setShown(null)} data-testid="agent-page-link">
              {it.dashboard.openAgent}
            </Button>
          )}
        </IonContent>
      </IonModal>
    </AppPage>
  );
}
