import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { ContractualCategorySchema } from '@core/schemas/common';
import { PROPOSAL_ERRORS } from '@core/quotation';
import { CustomerFieldsSchema } from '@core/schemas/quotations';
import { it } from '../../i18n/quotation';
import { outbox } from '../../offline';
import { db } from '../../offline/db';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { CustomerSummary } from './customer-summary';
import { Tracker } from './tracker';
import { isProposalError } from './wizard-error';

/**
 * A proposal created offline, at its client id: pending, or rejected with the server's message, until
 * the server's id arrives and the page moves there.
 */
export function PendingProposal({ clientId }: { clientId: string }) {
  const mapped = useLiveQuery(() => db.idMap.get(clientId), [clientId]);
  const entry = useLiveQuery(() => db.outbox.where('clientId').equals(clientId).first(), [clientId]);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    void outbox.serverId(clientId).finally(() => setChecked(true));
  }, [clientId]);
  if (mapped) return <Navigate to={links.quotation(mapped.serverId)} replace />;
  // The stored write is the proposal's POST body (api/quotations.ts createProposal): its customer fields.
  const parsed = entry ? CustomerFieldsSchema.safeParse(entry.body) : null;
  const body = parsed?.success ? parsed.data : null;
  const category = ContractualCategorySchema.safeParse(body?.employee_category);
  return (
    <AppPage title={it.quotation.pageTitle} className="quotation-page">
      <h1>{it.quotation.pageTitle}</h1>
      <Tracker current={2} />
      {entry?.status === 'rejected' ? (
        <div className="wizard-alert" role="alert" data-testid="pending-rejected">
          {it.quotation.pendingRejected(isProposalError(entry.code) ? PROPOSAL_ERRORS[entry.code] : (entry.error ?? it.quotation.unknownError))}
        </div>
      ) : entry ? (
        <p className="pending-banner" data-testid="pending-banner">
          {it.quotation.pending}
        </p>
      ) : checked ? (
        <p>{it.quotation.notFound}</p>
      ) : null}
      {body && (
        <CustomerSummary
          values={{
            first_name: body.first_name ?? '',
            last_name: body.last_name ?? '',
            email: body.email ?? '',
            phone: body.phone ?? '',
            fiscal_code: body.fiscal_code ?? '',
            zip_code: body.zip_code ?? '',
            address: body.address ?? '',
            city: body.city ?? '',
            employee_category: category.success ? category.data : 'tempo-indeterminato',
            vat_number: body.vat_number ?? '',
            business_name: body.business_name ?? '',
            notes: body.notes ?? '',
          }}
        />
      )}
    </AppPage>
  );
}
