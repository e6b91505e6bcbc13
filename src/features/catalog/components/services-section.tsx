import { formatEuro } from '@core/format';
import { Spinner } from '../../../ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { parseIntInput, rangeMessage, SERVICE_PRICE_MAX } from '@core/catalog';
import type { CatalogServiceChoice } from '@core/schemas/catalog';
import { it } from '../../../i18n/catalog';
import { defaultServicesQuery } from '../api/catalog';

/**
 * Included services (account spec §5): a price override of 0 to 1000 (at most 5 digits)
 * enabled only when the service is selected; a quantity from min_quantity to max_quantity, shown
 * only when they differ. For 'Catalogo' offers the plain price is used (no price maps).
 */
export function ServicesSection({
  product,
  provider,
  value,
  onChange,
}: {
  product: string;
  provider: string;
  value: CatalogServiceChoice[];
  onChange: (v: CatalogServiceChoice[]) => void;
}) {
  const t = it.catalog.services;
  const { data, isFetching } = useQuery(defaultServicesQuery(product, provider));
  if (!product || !provider) return <p className="catalog-hint">{t.chooseProduct}</p>;
  if (isFetching && !data) return <Spinner />;
  const chosen = (id: number) => value.find((c) => c.id === id);
  const set = (id: number, patch: Partial<CatalogServiceChoice> | null) => {
    const rest = value.filter((c) => c.id !== id);
    if (patch === null) return onChange(rest);
    const current = chosen(id) ?? { id, price: null, quantity: null };
    onChange([...rest, { ...current, ...patch }].sort((a, b) => a.id - b.id));
  };
  return (
    <ul className="services-list">
      {data?.map((s) => {
        const c = chosen(s.id);
        const min = s.min_quantity ?? 0;
        const max = s.max_quantity ?? 0;
        const price = c?.price;
        const priceError = typeof price === 'number' && (price < 0 || price > SERVICE_PRICE_MAX) ? rangeMessage(0, SERVICE_PRICE_MAX) : null;
        return (
          <li key={s.id} className="service-row" data-testid="service-row">
            <label className="service-pick">
              <input type="checkbox" checked={!!c} onChange={(e) => set(s.id, e.target.checked ? {} : null)} />
              <span>
                <strong>{s.name}</strong>
                <small>
                  {s.included ? t.included : `${formatEuro(s.price)}/mese`}
                  {s.description ? ` · ${s.description}` : ''}
                </small>
              </span>
            </label>
            <label className="service-price">
              <span>{t.price}</span>
              <input
                inputMode="decimal"
                maxLength={5}
                disabled={!c}
                placeholder={String(s.price)}
                value={price ?? ''}
                onChange={(e) => {
                  const raw = e.target.value.replace(',', '.');
                  const n = Number.parseFloat(raw);
                  set(s.id, { price: raw === '' || Number.isNaN(n) ? null : n });
                }}
                aria-invalid={Boolean(priceError)}
              />
              {priceError && <small className="field-error">{priceError}</small>}
            </label>
            {min !== max && (
              <label className="service-qty">
                <span>{t.quantity}</span>
                <select disabled={!c} value={c?.quantity ?? s.quantity ?? min} onChange={(e) => set(s.id, { quantity: parseIntInput(e.target.value) || 0 })}>
                  {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((q) => (
                    <option key={q} value={q}>
                      {q}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </li>
        );
      })}
    </ul>
  );
}
