import checkbox from 'ionicons-svg/checkbox.svg?raw';
import squareOutline from 'ionicons-svg/square-outline.svg?raw';
import { memo } from 'react';
import { compareItemOf, comparesOffer } from '@core/compare';
import type { OfferCard } from '@core/schemas/offers';
import { offerQuery } from '../../../api/offer-detail';
import { queryClient } from '../../../api/query-client';
import { it } from '../../../i18n/compare';
import { Icon } from '../../../ui/icon';
import { compareStore, useCompareItems } from '../selection';
import './compare-toggle.css';

const t = it.compare;

/**
 * The offer card's 'Confronta' (docs/adr/0143-compare-offers.md): on, it adds the card's terms (so the comparison shows the card's
 * rate) and fetches the detail while there is a connection, so the comparison opens offline with services;
 * off, the offer leaves the comparison. Beside the card's link, not inside it (a button in a link is neither).
 * `userId`: the signed-in user, from the page (CardAction).
 */
export const CompareToggle = memo(function CompareToggle({ offer, userId }: { offer: OfferCard; userId: number | undefined }) {
  const on = comparesOffer(useCompareItems(userId), offer.code);
  return (
    <button
      type="button"
      className={`compare-toggle${on ? ' compare-toggle--on' : ''}`}
      aria-pressed={on}
      aria-label={t.toggleLabel(`${offer.brand} ${offer.model}`)}
      data-testid="compare-toggle"
      // The comparison is the user's: until the profile is known (a moment after a cold start) a tap could not keep it.
      disabled={userId === undefined}
      onClick={() => {
        if (userId === undefined) return;
        const result = compareStore.toggleOffer(userId, compareItemOf(offer.code, offer));
        if (result.ok && !on) void queryClient.prefetchQuery(offerQuery(offer.code)).catch(() => undefined);
      }}
    >
      <Icon icon={on ? checkbox : squareOutline} />
      {t.toggle}
    </button>
  );
});
