import { IonLabel } from '../../../ui/ionic/list';
import { IonSegment, IonSegmentButton } from '../../../ui/ionic/segment';
import { STATS_INTERVALS, type StatsInterval } from '@core/schemas/sales';
import { it } from '../../../i18n/statistics';

/** The dashboard's period selector (spec §2): today, days, month, prevmonth, year, prevyear. */
export function PeriodSelect({ value, onChange }: { value: StatsInterval; onChange: (v: StatsInterval) => void }) {
  return (
    <IonSegment scrollable value={value} onIonChange={(e) => onChange(e.detail.value as StatsInterval)} aria-label={it.dashboard.period} className="nw-periods">
      {STATS_INTERVALS.map((i) => (
        <IonSegmentButton key={i} value={i}>
          <IonLabel>{it.dashboard.periods[i]}</IonLabel>
        </IonSegmentButton>
      ))}
    </IonSegment>
  );
}

/** One figure of a period, as the dashboard shows them. */
export function Figure({ label, value, testId, small }: { label: string; value: string | number; testId?: string; small?: boolean }) {
  return (
    <section className="nw-card">
      <h2>{label}</h2>
      <p className={small ? 'nw-figure-small' : 'nw-figure'} data-testid={testId}>
        {value}
      </p>
    </section>
  );
}
