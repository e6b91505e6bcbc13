import { STATS_INTERVALS, type StatsInterval } from '@core/schemas/sales';
import { it } from '../i18n/statistics';
import { Segmented } from './segmented';

const OPTIONS = STATS_INTERVALS.map((i) => ({ value: i, label: it.dashboard.periods[i] ?? i }));

/** The statistics' period (spec §2, the dashboard and the sales network): today, days, month, prevmonth, year, prevyear. */
export function PeriodSelect({ value, onChange, className }: { value: StatsInterval; onChange: (v: StatsInterval) => void; className: string }) {
  return <Segmented label={it.dashboard.period} value={value} onChange={onChange} options={OPTIONS} className={`periods ${className}`} />;
}
