import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useQuery } from '@tanstack/react-query';
import addOutline from 'ionicons-svg/add-outline.svg?raw';
import trashOutline from 'ionicons-svg/trash-outline.svg?raw';
import { useState } from 'react';
import { type ProductServiceInput, ProductServicesInputSchema } from '@core/schemas/catalog';
import { ApiError } from '../../../api/client';
import { it } from '../../../i18n/catalog';
import { FormError, FormSuccess } from '../../../ui/form';
import { productServicesQuery, saveProductServices, servicesQuery } from '../api/catalog';
import { useCatalogueOnline } from './online-only';
import { Icon } from '../../../ui/icon';
import { NumberInput, PriceMapEntryEditor } from './price-map-fields';
import { addEntry, entryValueKey, firstErrors, newRow, removeAt, replaceAt, type Row, toInput, toRow, withPriceMap } from './product-services-model';
import { useWrite } from '../../../api/use-write';

/**
 * The product services editor (account spec §3 "Service"): the services of a product
 * with price, franchise, included flag, quantities and a price map (per group a list of entries
 * with value, conditions [field, operator, value] and multipliedBy; core/pricing.ts evaluates it,
 * the first entry whose conditions all hold wins). The zod schema the server uses checks it first.
 */
export function ProductServicesEditor({ productId }: { productId: number }) {
  const { data, error, isFetchedAfterMount, fetchStatus } = useQuery(productServicesQuery(productId));
  if (error) return <FormError error={error} />;
  // The editor keeps its own rows: start it from the server's list, not from a cached copy (offline: the copy).
  if (!data || (!isFetchedAfterMount && fetchStatus !== 'paused')) return <Spinner />;
  return <Editor productId={productId} initial={data.map(toRow)} />;
}

function Editor({ productId, initial }: { productId: number; initial: Row[] }) {
  const t = it.products.services;
  const online = useCatalogueOnline();
  const all = useQuery(servicesQuery);
  const [rows, setRows] = useState<Row[]>(initial);
  const [adding, setAdding] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useWrite({
    mutationFn: (services: ProductServiceInput[], key) => saveProductServices(productId, services, key),
    onSuccess: (list) => {
      setRows(list.map(toRow));
      setSaved(true);
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])));
    },
  });

  const edited = (next: Row[]) => {
    setSaved(false);
    setErrors({});
    setRows(next);
  };
  const change = (i: number, patch: Partial<Row>) => edited(replaceAt(rows, i, patch));
  const add = () => {
    const s = all.data?.find((x) => String(x.id) === adding);
    if (!s) return;
    edited([...rows, newRow(s)]);
    setAdding('');
  };
  const submit = () => {
    const parsed = ProductServicesInputSchema.safeParse({ services: rows.map(toInput) });
    if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
    save.mutate(parsed.data.services);
  };
  const err = (key: string) => errors[key];
  const available = (all.data ?? []).filter((s) => !rows.some((r) => r.id === s.id));

  return (
    <div className="product-services" data-testid="product-services">
      <p className="catalog-hint">{t.intro}</p>
      {rows.length === 0 && <p className="catalog-hint">{t.empty}</p>}
      {rows.map((r, i) => {
        const key = `services.${i}`;
        const mapError = Object.entries(errors).find(([k]) => k.startsWith(`${key}.price_map`))?.[1];
        return (
          <fieldset key={r.id} className="ps-row" data-testid="product-service">
            <legend>
              <strong>{r.name}</strong>
            </legend>
            <Button
              className="ps-remove"
              size="small"
              fill="clear"
              color="danger"
              onClick={() => edited(removeAt(rows, i))}
              aria-label={`${t.remove} ${r.name}`}
              title={t.remove}
            >
              <Icon slot="icon-only" icon={trashOutline} />
            </Button>
            <div className="ps-grid">
              <NumberInput label={t.price} value={r.price} onChange={(v) => change(i, { price: v })} error={err(`${key}.price`)} />
              <NumberInput label={t.franchise} value={r.franchise} onChange={(v) => change(i, { franchise: v })} error={err(`${key}.franchise`)} />
              <NumberInput
                label={t.minQuantity}
                value={r.min_quantity}
                integer
                onChange={(v) => change(i, { min_quantity: v })}
                error={err(`${key}.min_quantity`)}
              />
              <NumberInput
                label={t.maxQuantity}
                value={r.max_quantity}
                integer
                onChange={(v) => change(i, { max_quantity: v })}
                error={err(`${key}.max_quantity`)}
              />
              <NumberInput label={t.quantity} value={r.quantity} integer onChange={(v) => change(i, { quantity: v })} error={err(`${key}.quantity`)} />
            </div>
            <label className="ps-check">
              <input type="checkbox" checked={r.included} onChange={(e) => change(i, { included: e.target.checked })} />
              {t.included}
            </label>
            <label className="ps-check">
              <input type="checkbox" checked={r.has_price_map} onChange={(e) => change(i, withPriceMap(r, e.target.checked))} />
              {t.hasPriceMap}
            </label>
            {r.has_price_map && (
              <div className="ps-map" data-testid="price-map">
                <p className="catalog-hint">{t.firstWins}</p>
                {r.entries.map((e, k) => (
                  <PriceMapEntryEditor
                    key={k}
                    entry={e}
                    place={k + 1}
                    error={err(entryValueKey(key, r, e))}
                    onChange={(patch) => change(i, { entries: replaceAt(r.entries, k, patch) })}
                    onRemove={() => change(i, { entries: removeAt(r.entries, k) })}
                  />
                ))}
                <Button size="small" fill="outline" onClick={() => change(i, { entries: addEntry(r) })} data-testid="price-map-add">
                  <Icon slot="start" icon={addOutline} />
                  {t.addEntry}
                </Button>
                {mapError && <small className="field-error">{mapError}</small>}
              </div>
            )}
          </fieldset>
        );
      })}
      <div className="ps-add">
        <select aria-label={t.add} value={adding} onChange={(e) => setAdding(e.target.value)} data-testid="product-service-choose">
          <option value="">{t.choose}</option>
          {available.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
        <Button size="small" fill="outline" onClick={add} disabled={!adding}>
          <Icon slot="start" icon={addOutline} />
          {t.add}
        </Button>
      </div>
      <FormError error={Object.keys(errors).length ? null : save.error} />
      {Object.keys(errors).length > 0 && <FormError error={new ApiError(422, it.common.formErrors)} />}
      <FormSuccess message={saved ? t.saved : null} />
      <Button onClick={submit} disabled={!online || save.isPending} data-testid="product-services-save">
        {t.save}
      </Button>
    </div>
  );
}
