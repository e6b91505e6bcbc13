import { Button } from '../../../ui/button';
import { formatEuro } from '@core/format';
import { toEuros } from '@core/money';
import type { CommissionResult } from '@core/pricing';
import { it } from '../../../i18n/offer-detail';
import type { useConfigurator } from '../use-configurator';

const t = it.offerDetail;

type Configurator = ReturnType<typeof useConfigurator>;
type CommissionBounds = NonNullable<Configurator['bounds']>;

/** The seller's commission (fees-visibility): a slider within its bounds, or a monthly rate typed within the rate's. */
export function CommissionPanel({ cfg, result: r, bounds: b }: { cfg: Configurator; result: CommissionResult; bounds: CommissionBounds }) {
  const min = toEuros(b.commission.min);
  const max = toEuros(b.commission.max);
  const value = cfg.commission ?? toEuros(r.commission);
  return (
    <section className="od-commission" data-testid="commission-panel">
      <h2>{t.commission.title}</h2>
      <p className="od-commission-value">
        {t.commission.potential}: {r.changed && <s data-testid="commission-original">{formatEuro(r.originalDisplayCommission, { decimals: 0 })}</s>}{' '}
        <strong data-testid="commission-value">{formatEuro(r.displayCommission, { decimals: 0 })}</strong>
      </p>
      {/* Without any commission flag both ranges are a single point: nothing to move. */}
      {(min < max || b.rate.min < b.rate.max) && (
        <>
          <label className="od-field">
            <span>
              {t.commission.slider} ({t.commission.bounds(formatEuro(min, { decimals: 0 }), formatEuro(max, { decimals: 0 }))})
            </span>
            <input
              type="range"
              min={min}
              max={max}
              step={1}
              value={Math.min(max, Math.max(min, value))}
              disabled={min === max}
              onChange={(e) => cfg.setCommission(Number(e.target.value))}
              data-testid="commission-slider"
            />
          </label>
          <label className="od-field">
            <span>
              {t.commission.override} ({t.commission.bounds(formatEuro(toEuros(b.rate.min)), formatEuro(toEuros(b.rate.max)))})
            </span>
            <input
              type="number"
              inputMode="decimal"
              step="0.01"
              min={toEuros(b.rate.min)}
              max={toEuros(b.rate.max)}
              value={cfg.override ?? ''}
              placeholder={String(toEuros(r.monthlyRate))}
              onChange={(e) => cfg.setOverride(e.target.value === '' ? null : Number(e.target.value))}
              data-testid="rate-override"
            />
          </label>
        </>
      )}
      {(cfg.commission !== null || cfg.override !== null) && (
        <Button fill="clear" size="small" onClick={() => cfg.setCommission(null)}>
          {t.commission.reset}
        </Button>
      )}
    </section>
  );
}
