// chart.js is registered here only, so it stays in the dashboard's lazy chunk.
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';
import { ITALIAN_MONTHS_CAPITALISED } from '@core/format';
import type { AgentStatistics } from '@core/schemas/sales';
import { it } from '../../../i18n/statistics';

ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export const STATUS_COLOURS = { open: '#1e6fd9', lost: '#d64545', won: '#1f9d55' } as const;

/** 'Stato dei preventivi': open blue, lost red, won green, 80% cutout (spec §2, §9). */
export function StatusDoughnut({ stats }: { stats: AgentStatistics }) {
  const empty = stats.open + stats.lost + stats.won === 0;
  return (
    <Doughnut
      data-testid="status-doughnut"
      aria-label={it.dashboard.status}
      role="img"
      data={{
        labels: [it.dashboard.open, it.dashboard.lost, it.dashboard.won],
        datasets: [
          {
            data: empty ? [1, 0, 0] : [stats.open, stats.lost, stats.won],
            backgroundColor: empty ? ['#e3e5e8', STATUS_COLOURS.lost, STATUS_COLOURS.won] : [STATUS_COLOURS.open, STATUS_COLOURS.lost, STATUS_COLOURS.won],
            borderWidth: 0,
          },
        ],
      }}
      options={{ cutout: '80%', maintainAspectRatio: false, animation: false, plugins: { legend: { display: false }, tooltip: { enabled: !empty } } }}
    />
  );
}

/** Monthly chart: the 12 Italian month names, quotations and won contracts per month. */
export function MonthlyChart({ stats }: { stats: AgentStatistics }) {
  return (
    <Bar
      data-testid="monthly-chart"
      aria-label={it.dashboard.monthly(Number(stats.selectedRange.start.slice(0, 4)))}
      role="img"
      data={{
        labels: ITALIAN_MONTHS_CAPITALISED,
        datasets: [
          { label: it.dashboard.quotationsSeries, data: stats.monthly.map((m) => m.open + m.won + m.lost), backgroundColor: STATUS_COLOURS.open },
          { label: it.dashboard.contractsSeries, data: stats.monthly.map((m) => m.won), backgroundColor: STATUS_COLOURS.won },
        ],
      }}
      options={{
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: 'bottom' } },
      }}
    />
  );
}
