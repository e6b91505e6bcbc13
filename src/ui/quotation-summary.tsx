import { formatDateIt, formatEuro } from '@core/format';
import { Link } from 'react-router-dom';
import { STATUS_LABELS, proposalTitle } from '@core/quotation';
import type { QuotationListItem } from '@core/schemas/sales';
import { it } from '../i18n/quotations';
import { links } from '../routes';
import './quotation-summary.css';

/**
 * A compact saved quotation, linking to /quotations/{proposal_id} (spec §2): used where
 * quotations are listed outside /quotations (customer page, agent page).
 */
export function QuotationSummaryList({
  items,
  showCustomer = true,
  showAgent = false,
}: {
  items: readonly QuotationListItem[];
  showCustomer?: boolean;
  showAgent?: boolean;
}) {
  return (
    <ul className="qs-list" data-testid="quotation-summaries">
      {items.map((q) => (
        <li key={q.proposal_id}>
          <Link className="qs-item" to={links.quotation(q.proposal_id)} data-testid="quotation-summary">
            <span className="qs-head">
              <strong>{proposalTitle(q.proposal_id)}</strong>
              <span className={`qs-badge qs-badge-${q.status.toLowerCase()}`}>{STATUS_LABELS[q.status]}</span>
              {!q.stillValid && q.step < 3 && <span className="qs-badge qs-badge-expired">{it.quotations.expired}</span>}
              <span className="qs-date">{formatDateIt(q.date)}</span>
            </span>
            <span className="qs-body">
              {showCustomer && <span className="qs-customer">{q.customer_name}</span>}
              <span className="qs-car">{q.car_name}</span>
              <span>{it.quotations.monthly(formatEuro(q.price))}</span>
              {q.commission !== null && <span>{it.quotations.commission(formatEuro(q.commission))}</span>}
              {showAgent && <span className="qs-agent">{q.agent_name}</span>}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
