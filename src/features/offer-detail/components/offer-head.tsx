import { Button } from '../../../ui/button';
import createOutline from 'ionicons-svg/create-outline.svg?raw';
import warningOutline from 'ionicons-svg/warning-outline.svg?raw';
import { formatDistance, formatEuro } from '@core/format';
import type { Selection } from '@core/offer-detail';
import { paintedImage } from '@core/paint';
import type { ChildOfferData, OfferDetail } from '@core/schemas/offer-detail';
import { CarPicture } from '../../../ui/car-picture';
import { it } from '../../../i18n/offer-detail';
import { Icon } from '../../../ui/icon';

const t = it.offerDetail;

/** The car (picture, names, broker, the expired mark) and the chosen variation with its 'Modifica' button. */
export function OfferHead({
  offer,
  child,
  sel,
  expired,
  onChange,
}: {
  offer: OfferDetail;
  child: ChildOfferData | null;
  sel: Selection;
  expired: boolean;
  onChange: () => void;
}) {
  return (
    <>
      <header className="od-head">
        {/* The car in the paint chosen in the configurator (spec §2; docs/adr/0050-car-drawn-in-the-chosen-paint.md). */}
        <CarPicture
          src={paintedImage(
            offer.image,
            offer.colors.find((c) => sel.colors.includes(c.code)),
          )}
          alt={`${offer.brand} ${offer.model}`}
          eager
        />
        <div>
          <h1>
            {offer.brand} {offer.model}{' '}
            {expired && (
              <span className="od-expired" title={t.expiredTooltip} data-testid="offer-expired">
                <Icon icon={warningOutline} aria-label={t.expired} /> {t.expired}
                <span className="od-tooltip" role="tooltip">
                  {t.expiredTooltip}
                </span>
              </span>
            )}
          </h1>
          <p className="od-version">{offer.version}</p>
          <p className="od-broker">
            {offer.broker.name} · {offer.product.name}
            {offer.tag && <span className="od-tag">{offer.tag}</span>}
          </p>
        </div>
      </header>

      <section className="od-price-block" data-testid="price-block">
        <dl>
          <div>
            <dt>{t.duration}</dt>
            <dd data-testid="sel-duration">{t.months(child?.duration ?? sel.duration)}</dd>
          </div>
          <div>
            <dt>{t.distance}</dt>
            <dd data-testid="sel-distance">{formatDistance(child?.distance ?? sel.distance)}</dd>
          </div>
          <div>
            <dt>{t.deposit}</dt>
            <dd data-testid="sel-deposit">{(child?.deposit ?? sel.deposit) > 0 ? formatEuro(child?.deposit ?? sel.deposit, { decimals: 0 }) : t.noDeposit}</dd>
          </div>
        </dl>
        <Button fill="outline" size="small" onClick={onChange} data-testid="change-variation">
          <Icon slot="start" icon={createOutline} />
          {t.change}
        </Button>
        {/* On phones the price bar drops its note to stay small: the note is said here instead. */}
        <p className="od-note od-price-note">{t.feeMayVary}</p>
      </section>
    </>
  );
}
