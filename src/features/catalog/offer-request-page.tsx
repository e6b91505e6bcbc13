import { IonCard, IonCardContent } from '../../ui/ionic/card';
import { useQuery } from '@tanstack/react-query';
import { formatDateIt, formatDistance, formatEuro, formatMonths } from '@core/format';
import { it } from '../../i18n/catalog';
import { AppPage } from '../../shell/layout';
import { offerRequestsQuery } from './api/catalog';
import { ManualOfferForm } from './components/manual-offer-form';
import { links } from '../../routes';
import { Link } from 'react-router-dom';
import './catalog.css';

/**
 * /offer/request (feature offer-request): the manual offer form (components/manual-offer-form.tsx,
 * also offered by the quotation flow) and the requests the agent sent.
 */
export default function OfferRequestPage() {
  const t = it.offerRequest;
  const mine = useQuery(offerRequestsQuery);
  return (
    <AppPage title={t.title}>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <IonCard>
        <IonCardContent>
          <ManualOfferForm />
        </IonCardContent>
      </IonCard>
      <h2>{t.mine}</h2>
      {mine.data?.length === 0 && <p>{t.none}</p>}
      <ul className="catalog-list">
        {mine.data?.map((r) => (
          <li key={r.id} className="catalog-row simple" data-testid="offer-request">
            <div className="catalog-row-main">
              <Link to={links.offerRequestDetail(r.id)}>
                <strong>
                  {r.brand} {r.model}
                </strong>
              </Link>
              <span>{r.version}</span>
              <span className="catalog-row-meta">
                {formatMonths(r.duration)} · {formatDistance(r.distance)} · {formatEuro(r.deposit)} · {formatDateIt(r.created_at)}
              </span>
            </div>
            <span className="catalog-status is-draft">{t.statuses[r.status] ?? r.status}</span>
          </li>
        ))}
      </ul>
    </AppPage>
  );
}
