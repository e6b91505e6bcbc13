import { Button } from '../../../ui/button';
import printOutline from 'ionicons-svg/print-outline.svg?raw';
import { formatMonthly } from '@core/format';
import { sustainabilityColor } from '@core/sustainability';
import { it } from '../../../i18n/offer-detail';
import { links } from '../../../routes';
import { Icon } from '../../../ui/icon';

const t = it.offerDetail;

/**
 * The floating price bar: the rate with the affordability colour and message, and the actions. Without
 * a child offer matching the selection (`available` false) there is nothing to print or quote.
 */
export function PriceBar({
  level,
  rate,
  message,
  quotations,
  available,
  quoteQuery,
  onPrint,
}: {
  level: number | null;
  rate: number | null;
  message: string | undefined;
  quotations: boolean;
  available: boolean;
  /** The whole configuration for the wizard's address (core/offer-detail.ts writeQuoteConfig). */
  quoteQuery: string;
  onPrint: () => void;
}) {
  return (
    <div className={`od-price-bar od-level-${sustainabilityColor(level)}`} data-testid="price-bar">
      <div className="od-price-bar-rate">
        <span className={`od-dot od-dot-${sustainabilityColor(level)}`} aria-hidden="true" />
        <div>
          <strong data-testid="monthly-rate">{rate !== null ? formatMonthly(rate) : t.noMatch}</strong> <small>{t.vatExcluded}</small>
          <p className="od-sustainability" data-testid="sustainability-message">
            {message}
          </p>
          <p className="od-note">{t.feeMayVary}</p>
        </div>
      </div>
      <div className="od-price-bar-actions">
        <Button fill="outline" onClick={onPrint} disabled={!available} data-testid="open-print">
          <Icon slot="start" icon={printOutline} />
          {t.print}
        </Button>
        <Button
          fill="outline"
          disabled={!quotations || !available}
          title={quotations ? undefined : t.quotationsDisabled}
          onClick={() => document.querySelector('.od-configurator')?.scrollIntoView({ behavior: 'smooth' })}
        >
          {t.personalize}
        </Button>
        <Button
          disabled={!quotations || !available}
          routerLink={quotations && available ? links.quotationStart(quoteQuery) : undefined}
          data-testid="create-quote"
          title={quotations ? undefined : t.quotationsDisabled}
        >
          {t.createQuote}
        </Button>
        <Button
          fill="outline"
          disabled={!quotations || !available}
          routerLink={quotations && available ? links.quotationStart(`${quoteQuery}&quote=1`) : undefined}
          data-testid="save-quote"
          title={quotations ? undefined : t.quotationsDisabled}
        >
          {t.saveQuote}
        </Button>
      </div>
    </div>
  );
}
