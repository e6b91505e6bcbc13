import { formatEuro, formatPrice } from '@core/format';
import { toEuros } from '@core/money';
import type { Selection } from '@core/offer-detail';
import { clampQuantity, effectiveRate, servicePrice } from '@core/pricing';
import type { ChildOfferData, OfferDetail } from '@core/schemas/offer-detail';
import { it } from '../../../i18n/offer-detail';

const t = it.offerDetail;

/** Extra services (with quantities), optional accessories and the colour, each with what it adds per month. */
export function Configurator({
  offer,
  sel,
  setSel,
  child,
}: {
  offer: OfferDetail;
  sel: Selection;
  setSel: (u: (s: Selection) => Selection) => void;
  child: ChildOfferData | null;
}) {
  const extra = offer.services.filter((s) => !s.included);
  const perMonth = (euros: number) => t.perMonth(formatEuro(euros));
  const toggle = (code: string) =>
    setSel((s) => ({ ...s, accessories: s.accessories.includes(code) ? s.accessories.filter((c) => c !== code) : [...s.accessories, code] }));
  // The same fields configure() prices services with (core/offer-detail.ts), so a line shows what it adds.
  const fields = child
    ? { deposit: child.deposit, distance: child.distance, bundle: child.bundle ?? null, duration: child.duration, monthly_rate: effectiveRate(child) }
    : {};
  return (
    <section className="od-configurator" aria-labelledby="od-conf-title">
      <h2 id="od-conf-title">{t.configurator}</h2>
      <h3>{t.services}</h3>
      <ul className="od-options">
        {extra.map((s) => {
          const key = String(s.id);
          const on = key in sel.services;
          const qty = clampQuantity(s, sel.services[key]);
          const min = Math.max(s.min_quantity ?? 1, 1);
          const max = s.max_quantity ?? 1;
          return (
            <li key={key} data-testid={`service-${s.code}`}>
              <label>
                <input
                  type="checkbox"
                  checked={on}
                  onChange={() =>
                    setSel((x) => {
                      const services = { ...x.services };
                      if (on) delete services[key];
                      else services[key] = clampQuantity(s, s.quantity ?? 1) || 1;
                      return { ...x, services };
                    })
                  }
                />
                <span>{s.name}</span>
              </label>
              {on && max > 1 && (
                <span className="od-qty">
                  <button
                    type="button"
                    aria-label={t.less}
                    disabled={qty <= min}
                    onClick={() => setSel((x) => ({ ...x, services: { ...x.services, [key]: Math.max(min, qty - 1) } }))}
                  >
                    −
                  </button>
                  <span aria-label={t.quantity}>{qty}</span>
                  <button
                    type="button"
                    aria-label={t.more}
                    disabled={qty >= max}
                    onClick={() => setSel((x) => ({ ...x, services: { ...x.services, [key]: Math.min(max, qty + 1) } }))}
                  >
                    +
                  </button>
                </span>
              )}
              <span className="od-price">{perMonth(toEuros(servicePrice(s, { tag: offer.tag, offer: fields, quantity: on ? qty : s.quantity })))}</span>
            </li>
          );
        })}
      </ul>
      <h3>{t.accessories}</h3>
      <ul className="od-options">
        {offer.optionalAccessories.filter((a) => a.price > 0).length === 0 && <li>{t.noOptions}</li>}
        {offer.optionalAccessories
          .filter((a) => a.price > 0)
          .map((a) => (
            <li key={a.code} data-testid={`accessory-${a.code}`}>
              <label>
                <input type="checkbox" checked={sel.accessories.includes(a.code)} onChange={() => toggle(a.code)} />
                <span>{a.description}</span>
              </label>
              <span className="od-price">{formatPrice(a.price)}</span>
            </li>
          ))}
      </ul>
      <h3>{t.colors}</h3>
      <ul className="od-options od-colors" aria-label={t.colors}>
        {offer.colors.map((c) => (
          <li key={c.code} data-testid={`color-${c.code}`}>
            <label>
              <input type="radio" name="od-color" checked={sel.colors.includes(c.code)} onChange={() => setSel((s) => ({ ...s, colors: [c.code] }))} />
              <span className="od-swatch" style={{ background: c.hex ? `#${c.hex}` : '#ccc' }} aria-hidden="true" />
              <span>{c.description}</span>
            </label>
            <span className="od-price">{formatPrice(c.price)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
