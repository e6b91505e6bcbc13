import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import arrowBackOutline from 'ionicons-svg/arrow-back-outline.svg?raw';
import { useParams } from 'react-router-dom';
import { formatDateIt } from '@core/format';
import { CUSTOMER_QUOTATIONS_LIMIT } from '@core/schemas/network';
import { ApiError } from '../../api/client';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/customers';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { QuotationSummaryList } from '../../ui/quotation-summary';
import { useCustomer } from './api/get-customer';
import './customers.css';
import { Icon } from '../../ui/icon';

/** /customers/{customer}: the customer's data and their quotations, each linking to /quotations/{proposal_id}. */
export default function CustomerPage() {
  const { customer = '' } = useParams();
  const id = /^\d{1,9}$/.test(customer) ? Number(customer) : NaN;
  const { data: profile } = useProfile();
  const { data: c, error, isLoading } = useCustomer(id);
  const missing = Number.isNaN(id) || (error instanceof ApiError && (error.status === 404 || error.status === 422));
  const t = it.customers;

  return (
    <AppPage title={c?.name ?? t.title} className="customer-page">
      <Button fill="clear" size="small" routerLink={links.customers()} className="cu-back">
        <Icon slot="start" icon={arrowBackOutline} />
        {t.back}
      </Button>
      {isLoading && <Spinner />}
      {missing && (
        <p className="form-error" role="alert" data-testid="customer-not-found">
          {t.notFound}
        </p>
      )}
      {error && !missing && !c && (
        <p className="form-error" role="alert">
          {t.loadError}
        </p>
      )}
      {c && (
        <>
          <header className="cu-header">
            <h1 data-testid="customer-name">{c.name}</h1>
            <span className={`cu-type cu-type-${c.employee_type.toLowerCase()}`}>{c.employee_type === 'BUSINESS' ? t.businessType : t.privateType}</span>
          </header>
          <section className="cu-card" aria-labelledby="cu-details-title">
            <h2 id="cu-details-title">{t.details}</h2>
            <dl className="cu-details">
              {c.business_name && (
                <div>
                  <dt>{t.contact}</dt>
                  <dd>{`${c.first_name} ${c.last_name}`.trim()}</dd>
                </div>
              )}
              <div>
                <dt>{t.fiscalCode}</dt>
                <dd>{c.fiscal_code}</dd>
              </div>
              {c.vat_number && (
                <div>
                  <dt>{t.vatNumber}</dt>
                  <dd>{c.vat_number}</dd>
                </div>
              )}
              <div>
                <dt>{t.email}</dt>
                <dd>{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : '—'}</dd>
              </div>
              <div>
                <dt>{t.phone}</dt>
                <dd>{c.phone ? <a href={`tel:${c.phone.replace(/\s+/g, '')}`}>{c.phone}</a> : '—'}</dd>
              </div>
              <div>
                <dt>{t.address}</dt>
                <dd>{[c.address, [c.zip_code, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || '—'}</dd>
              </div>
              <div>
                <dt>{t.category}</dt>
                <dd>{c.category.description}</dd>
              </div>
              {profile?.role === 1 && (
                <div>
                  <dt>{t.agentName}</dt>
                  <dd>{c.agent.name}</dd>
                </div>
              )}
              <div>
                <dt>{t.since}</dt>
                <dd>{formatDateIt(c.created_at)}</dd>
              </div>
              {c.notes && (
                <div className="cu-notes">
                  <dt>{t.notes}</dt>
                  <dd>{c.notes}</dd>
                </div>
              )}
            </dl>
          </section>
          <section aria-labelledby="cu-quotations-title">
            <h2 id="cu-quotations-title" className="cu-section-title">
              {t.quotationsTitle} <span className="cu-muted">({c.quotations})</span>
            </h2>
            {c.quotation_list.length === 0 ? (
              <p className="cu-empty">{t.noQuotations}</p>
            ) : (
              <QuotationSummaryList items={c.quotation_list} showCustomer={false} showAgent={profile?.role === 1} />
            )}
            {c.quotations > CUSTOMER_QUOTATIONS_LIMIT && <p className="cu-muted">{t.moreQuotations(CUSTOMER_QUOTATIONS_LIMIT)}</p>}
          </section>
        </>
      )}
    </AppPage>
  );
}
