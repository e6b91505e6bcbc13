import { Button } from '../../../ui/button';
import carOutline from 'ionicons-svg/car-outline.svg?raw';
import searchOutline from 'ionicons-svg/search-outline.svg?raw';
import { it } from '../../../i18n/offers';
import { links } from '../../../routes';
import { Icon } from '../../../ui/icon';

/** Invites the agent to request a car that is not listed (feature offer-request). */
export function OfferRequestBanner() {
  return (
    <aside className="offers-banner offers-banner--request" aria-label={it.offers.requestBanner.title}>
      <Icon icon={searchOutline} />
      <div>
        <strong>{it.offers.requestBanner.title}</strong>
        <p>{it.offers.requestBanner.text}</p>
      </div>
      <Button routerLink={links.offerRequest()}>{it.offers.requestBanner.action}</Button>
    </aside>
  );
}

/** The sponsor's offer: a valuation of the customer's car. */
export function SponsorBanner() {
  return (
    <aside className="offers-banner offers-banner--sponsor" aria-label={it.offers.sponsorBanner.title}>
      <Icon icon={carOutline} />
      <div>
        <span className="offers-banner-badge">{it.offers.sponsorBanner.badge}</span>
        <strong>{it.offers.sponsorBanner.title}</strong>
        <p>{it.offers.sponsorBanner.text}</p>
      </div>
    </aside>
  );
}
