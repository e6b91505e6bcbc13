import { IonCard, IonCardContent } from '../../ui/ionic/card';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { formatDateIt, formatDistance, formatEuro, formatMonths } from '@core/format';
import { it } from '../../i18n/catalog';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { FormError } from '../../ui/form';
import { Link } from 'react-router-dom';
import { offerRequestsQuery, servicesQuery } from './api/catalog';
import './catalog.css';

/**
 * /offer/request/{id}: one request for a car that is not listed, as the agent sent it (from the
 * quotation start or /offer/request), with its state and what happens next. Read from the agent's
 * requests (GET offer-requests), which holds every field.
 */
export default function OfferRequestDetailPage() {
  const t = it.offerRequest;
  const { id } = useParams();
  const requests = useQuery(offerRequestsQuery);
  const services = useQuery(servicesQuery);
  const request = requests.data?.find((r) => String(r.id) === id);
  const serviceName = (slug: string) => services.data?.find((s) => s.slug === slug)?.name ?? slug;
  const rows: [string, string][] = request
    ? [
        [t.vehicleType, t.types[request.vehicleType] ?? request.vehicleType],
        [t.brand, request.brand],
        [t.model, request.model],
        [t.version, request.version],
        [t.durationShort, formatMonths(request.duration)],
        [t.distance, formatDistance(request.distance)],
        [t.depositShort, formatEuro(request.deposit)],
        [t.services, request.services.length ? request.services.map(serviceName).join(', ') : t.noServices],
        [t.notes, request.notes || '—'],
        [t.sentOn, formatDateIt(request.created_at)],
      ]
    : [];
  return (
    <AppPage title={t.detailTitle}>
      <Link to={links.offerRequest()}>{t.backToRequests}</Link>
      <FormError error={requests.error} />
      {requests.data && !request && <p data-testid="offer-request-missing">{t.missing}</p>}
      {request && (
        <>
          <h1>
            {request.brand} {request.model}
          </h1>
          <p>
            <span className="catalog-status is-draft" data-testid="offer-request-status">
              {t.statuses[request.status] ?? request.status}
            </span>
          </p>
          <IonCard>
            <IonCardContent>
              <dl className="request-fields" data-testid="offer-request-detail">
                {rows.map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </IonCardContent>
          </IonCard>
          <p>{t.next}</p>
        </>
      )}
    </AppPage>
  );
}
