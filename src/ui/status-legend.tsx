import { it } from '../i18n/statistics';
import './status-legend.css';

const STATUSES = ['open', 'won', 'lost'] as const;

/**
 * Quotations by status with the doughnut's colours (open blue, won green, lost red), as the dashboard,
 * the network view and the agent page show them. `className` lays it out; each count carries the
 * test id `${testIdPrefix}-open|won|lost`.
 */
export function StatusLegend({
  counts,
  className,
  testIdPrefix,
}: {
  counts: Record<(typeof STATUSES)[number], number>;
  className: string;
  testIdPrefix: string;
}) {
  return (
    <dl className={className}>
      {STATUSES.map((status) => (
        <div key={status}>
          <dt className={`status-dot status-dot--${status}`}>{it.dashboard[status]}</dt>
          <dd data-testid={`${testIdPrefix}-${status}`}>{counts[status]}</dd>
        </div>
      ))}
    </dl>
  );
}
