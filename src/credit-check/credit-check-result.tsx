import { alertColor, messageFor, type MessagePlace } from '@core/prescoring/messages';
import type { PrescoringResponse } from '@core/prescoring/schemas';
import { formatEuro } from '@core/format';
import { it } from '../i18n/credit-check';

/**
 * The result alert: 0 danger, 1 warning, 2 success, anything else info; the message by description with
 * the widget's fallbacks (CONGRATULATIONS_THIS_OFFER reads as CONGRATULATIONS_OFFERS; unknown → the same).
 */
export function CreditCheckResult({ response, place = 'widget' }: { response: PrescoringResponse; place?: MessagePlace }) {
  const color = alertColor(response.chance);
  return (
    <div className={`cc-alert cc-alert--${color}`} role="alert" data-chance={response.chance ?? ''}>
      <p className="cc-alert-message">{messageFor(response.description, place)}</p>
      {(response.monthlyRateMax !== null || response.depositRequired !== null) && (
        <ul className="cc-limits" aria-label={it.creditCheck.limits}>
          {response.monthlyRateMax !== null && <li>{it.creditCheck.monthlyRateMax(formatEuro(response.monthlyRateMax, { decimals: 0 }))}</li>}
          {response.depositRequired !== null && <li>{it.creditCheck.depositRequired(formatEuro(response.depositRequired, { decimals: 0 }))}</li>}
        </ul>
      )}
    </div>
  );
}

/** The spec's failure alert (§8): 'errore 1' when the check answered without success, 'errore 2' when it threw. */
export function CreditCheckError({ variant }: { variant: 1 | 2 | null }) {
  if (variant === null) return null;
  return (
    <div className="cc-alert cc-alert--danger" role="alert">
      <p className="cc-alert-message">{it.creditCheck.error}</p>
      <p className="cc-alert-detail">{it.creditCheck.errorVariant(variant)}</p>
    </div>
  );
}
