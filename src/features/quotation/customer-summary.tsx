import { categoryInfo } from '@core/categories';
import { it } from '../../i18n/quotation';
import type { CustomerValues } from './customer-form';

/** The customer's data as entered, read-only (the quotation start's summary, the quote and pending screens). */
export function CustomerSummary({ values }: { values: Omit<CustomerValues, 'consent'> }) {
  const f = it.quotation.fields;
  const info = categoryInfo(values.employee_category);
  const rows: [string, string][] = [
    [f.employee_category, info.label],
    ...(info.type === 'BUSINESS'
      ? ([
          [f.business_name, values.business_name],
          [f.vat_number, values.vat_number],
        ] as [string, string][])
      : []),
    [f.first_name, values.first_name],
    [f.last_name, values.last_name],
    [f.fiscal_code, values.fiscal_code],
    [f.email, values.email],
    [f.phone, values.phone],
    [f.address, values.address],
    [f.zip_code, values.zip_code],
    [f.city, values.city],
    [f.notes, values.notes],
  ];
  return (
    <dl className="customer-summary" data-testid="customer-summary">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
