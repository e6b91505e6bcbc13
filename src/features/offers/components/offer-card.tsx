import rocketOutline from 'ionicons-svg/rocket-outline.svg?raw';
import { type ComponentType, memo } from 'react';
import { Link } from 'react-router-dom';
import { formatDistance, formatEuro, formatMonthly } from '@core/format';
import { sustainabilityColor } from '@core/sustainability';
import type { OfferCard as Card } from '@core/schemas/offers';
import { it } from '../../../i18n/offers';
import { links } from '../../../routes';
import { Icon } from '../../../ui/icon';
import { Badge } from '../../../ui/badge';
import { CarPicture } from '../../../ui/car-picture';

/**
 * What the comparison puts on a card (its 'Confronta' toggle, docs/adr/0143-compare-offers.md), composed in App.tsx: features never
 * import each other. `userId`: the signed-in user, from the page's one profile query (undefined until it is
 * known), not a query of the card's own: eighteen cards, eighteen observers of the same answer (docs/adr/0169-render-once-with-the-data.md).
 */
export type CardAction = ComponentType<{ offer: Card; userId: number | undefined }>;

/**
 * `eager`: the first cards' pictures are the page's largest paint; they load at once, the rest when scrolled to.
 * `action` sits beside the card's link, over its picture (a button inside a link is neither).
 */
export const OfferCard = memo(function OfferCard({
  offer,
  eager = false,
  action: Action,
  userId,
}: {
  offer: Card;
  eager?: boolean;
  action?: CardAction | undefined;
  userId?: number | undefined;
}) {
  const href = links.offerDetail(offer.code, offer);
  const card = (
    <Link
      to={href}
      className={`offer-card${eager ? ' offer-card--eager' : ''}${offer.isHighlighted ? ' offer-card--highlighted' : ''}`}
      data-testid="offer-card"
    >
      <div className="offer-card-image">
        <CarPicture src={offer.image} alt={`${offer.brand} ${offer.model}`} eager={eager} />
        <div className="offer-card-badges">
          {offer.tag && <Badge color="primary">{offer.tag}</Badge>}
          {offer.secondaryTag && <Badge color="secondary">{offer.secondaryTag}</Badge>}
        </div>
      </div>
      <div className="offer-card-body">
        <h2 className="offer-card-title">
          {offer.brand} {offer.model}
        </h2>
        <p className="offer-card-version">{offer.version}</p>
        <p className="offer-card-broker">{offer.broker.name}</p>
        <dl className="offer-card-terms">
          <div>
            <dt>{it.offers.duration}</dt>
            <dd>{it.offers.months(offer.duration)}</dd>
          </div>
          <div>
            <dt>{it.offers.distance}</dt>
            <dd>{formatDistance(offer.distance)}</dd>
          </div>
          <div>
            <dt>{it.offers.deposit}</dt>
            <dd>{offer.deposit > 0 ? formatEuro(offer.deposit, { decimals: 0 }) : it.offers.noDeposit}</dd>
          </div>
        </dl>
        <p className="offer-card-price">
          <strong>{formatMonthly(offer.monthly_rate)}</strong> <span>{it.offers.vatExcluded}</span>
        </p>
        {offer.sustainabilityIndex !== null && (
          // The offer's affordability for the checked customer: 0 danger, 1 warning, 2 success (spec §4).
          <Badge className="offer-card-sustainability" color={sustainabilityColor(offer.sustainabilityIndex)} data-sustainability={offer.sustainabilityIndex}>
            {it.creditCheck.cardSustainability(it.creditCheck.trafficLight[offer.sustainabilityIndex] ?? '')}
          </Badge>
        )}
        <p className="offer-card-delivery">
          {offer.fastDelivery && <Icon icon={rocketOutline} aria-label={it.offers.fastDelivery} />} {offer.delivery_time_label} · {offer.stockAvailabilityLabel}
        </p>
      </div>
    </Link>
  );
  if (!Action) return card;
  return (
    <div className="offer-card-cell">
      {card}
      <Action offer={offer} userId={userId} />
    </div>
  );
});

/** A card while the offers load: Ionic's animated skeleton text, drawn by offers.css (.skeleton). */
export function OfferCardSkeleton() {
  return (
    <div className="offer-card offer-card--skeleton" aria-hidden="true" data-testid="offer-card-skeleton">
      <div className="offer-card-image">
        <span className="skeleton" style={{ width: '100%', height: '100%', margin: 0 }} />
      </div>
      <div className="offer-card-body">
        <span className="skeleton" style={{ width: '70%', height: 20 }} />
        <span className="skeleton" style={{ width: '90%' }} />
        <span className="skeleton" style={{ width: '40%' }} />
        <span className="skeleton" style={{ width: '100%', height: 36 }} />
        <span className="skeleton" style={{ width: '60%', height: 24 }} />
      </div>
    </div>
  );
}
