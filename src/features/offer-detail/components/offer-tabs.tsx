import { memo, useState } from 'react';
import { formatConsumption, formatDistance, formatEuro, formatNumber, formatPrice } from '@core/format';
import { formatMeasure, formatPower, slugLabel } from '@core/car-format';
import type { OfferDetail } from '@core/schemas/offer-detail';
import { it } from '../../../i18n/offer-detail';
import { useScrollHint } from '../../../ui/use-scroll-hint';

type Tab = keyof typeof it.offerDetail.tabs;

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="od-rows">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The offer's info tabs (spec §2); the seller tab only with fees-visibility. The same for every configuration:
 * a configurator change does not draw them again.
 */
export const OfferTabs = memo(function OfferTabs({ offer, seller }: { offer: OfferDetail; seller: boolean }) {
  const tabs: Tab[] = ['services', 'specs', 'standard', 'optionals', 'notes', ...(seller ? (['seller'] as const) : [])];
  const [tab, setTab] = useState<Tab>('services');
  const [notesOpen, setNotesOpen] = useState(false);
  // Tabs that do not fit scroll sideways; the edges fade while more lie beyond them (docs/adr/0147-layout-floating-strip-phones-no-shift.md).
  const hint = useScrollHint<HTMLDivElement>(tab);
  const t = it.offerDetail;
  const c = offer.car;
  const standard = offer.optionalAccessories.filter((a) => a.price <= 0);
  const optionals = offer.equippedOptionals
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <section className="od-tabs">
      <div role="tablist" ref={hint.ref} onScroll={hint.onScroll} className={`od-tablist ${hint.className}`}>
        {tabs.map((name) => (
          <button key={name} role="tab" type="button" aria-selected={tab === name} className={tab === name ? 'active' : ''} onClick={() => setTab(name)}>
            {t.tabs[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="od-tabpanel">
        {tab === 'services' && (
          <ul className="od-list">
            {offer.services
              .filter((s) => s.included)
              .map((s) => (
                <li key={s.id}>
                  <strong>{s.name}</strong> {s.description}
                  {s.franchise ? ` · franchigia ${formatEuro(s.franchise, { decimals: 0 })}` : ''}
                </li>
              ))}
          </ul>
        )}
        {tab === 'specs' && (
          <div className="od-specs">
            <h3>{t.specs.engine}</h3>
            <Rows
              rows={[
                [t.specs.fuel, slugLabel(c.fuel.name)],
                [t.specs.gear, slugLabel(c.descrizione_cambio)],
                [t.specs.displacement, c.cilindrata ? formatMeasure(c.cilindrata, 'cc') : '—'],
                [t.specs.power, formatPower(c.hp, c.kw)],
                [t.specs.traction, c.descrizione_trazione],
                [t.specs.consumption, formatConsumption(c.consumo_medio, c.fuel.name === 'Elettrica')],
                [t.specs.co2, formatMeasure(c.emissioni_co2, 'g/km')],
              ]}
            />
            <h3>{t.specs.body}</h3>
            <Rows
              rows={[
                [t.specs.bodyType, slugLabel(c.body)],
                [t.specs.length, formatMeasure(c.lunghezza, 'mm')],
                [t.specs.width, formatMeasure(c.larghezza, 'mm')],
                [t.specs.height, formatMeasure(c.altezza, 'mm')],
                [t.specs.boot, formatMeasure(c.bagagliaio, 'l')],
              ]}
            />
            <h3>{t.specs.features}</h3>
            <Rows
              rows={[
                [t.specs.seats, formatNumber(c.posti)],
                [t.specs.doors, formatNumber(c.porte)],
                [t.specs.category, slugLabel(c.category)],
              ]}
            />
          </div>
        )}
        {tab === 'standard' && (
          <ul className="od-list">
            {standard.length === 0 && <li>{t.noItems}</li>}
            {standard.map((a) => (
              <li key={a.code}>
                {a.description} · {formatPrice(a.price)}
              </li>
            ))}
          </ul>
        )}
        {tab === 'optionals' && (
          <ul className="od-list">
            {optionals.length === 0 && <li>{t.noItems}</li>}
            {optionals.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        )}
        {tab === 'notes' && <p>{offer.notes || t.noNotes}</p>}
        {tab === 'seller' && (
          <div>
            <h3>{t.rental}</h3>
            <Rows
              rows={[
                [t.broker, offer.broker.name],
                [t.product, offer.product.name],
                [t.reference, offer.reference_code],
                [t.delivery, offer.delivery_time_label],
                [t.availability, offer.stockAvailabilityLabel],
                [t.distance, formatDistance(offer.distance)],
              ]}
            />
            {offer.tag === 'Catalogo' && 'private_notes' in offer && (
              <>
                <h3>{t.sellerNotes}</h3>
                {notesOpen ? (
                  <p data-testid="seller-notes">{offer.private_notes || t.noNotes}</p>
                ) : (
                  <button type="button" className="od-link" onClick={() => setNotesOpen(true)}>
                    {t.showSellerNotes}
                  </button>
                )}
              </>
            )}
            {offer.fees && (
              <>
                <h3>{t.fees}</h3>
                <Rows
                  rows={[
                    [t.agentFee, `${formatNumber(offer.fees.agentFee)}%`],
                    [t.defaultFee, formatEuro(offer.fees.defaultFeeValue, { decimals: 0 })],
                    [t.feeRange, t.commission.bounds(formatEuro(offer.fees.minFeeValue, { decimals: 0 }), formatEuro(offer.fees.maxFeeValue, { decimals: 0 }))],
                    // A sub-agent is not sent the network's margin, only their own earning (docs/adr/0052-network-margins-sub-agents-see-their-own.md).
                    offer.fees.originalPotentialProfit == null
                      ? [t.ownEarning, formatEuro(offer.fees.defaultFeeValue, { decimals: 0 })]
                      : [t.potentialProfit, formatEuro(offer.fees.originalPotentialProfit, { decimals: 0 })],
                  ]}
                />
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
});
