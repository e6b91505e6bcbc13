import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useQuery } from '@tanstack/react-query';
import addOutline from 'ionicons-svg/add-outline.svg?raw';
import closeOutline from 'ionicons-svg/close-outline.svg?raw';
import trashOutline from 'ionicons-svg/trash-outline.svg?raw';
import { useState } from 'react';
import { PRICE_MAP_FIELDS, PRICE_MAP_OPERATORS } from '@core/catalog';
import { type PriceMapInput, type ProductService, type ProductServiceInput, ProductServicesInputSchema } from '@core/schemas/catalog';
import { ApiError } from '../../../api/client';
import { it } from '../../../i18n/catalog';
import { FormError, FormSuccess } from '../../../ui/form';
import { productServicesQuery, saveProductServices, servicesQuery } from '../api/catalog';
import { useCatalogueOnline } from './online-only';
import { Icon } from '../../../ui/icon';
import { useWrite } from '../../../api/use-write';

type Field = (typeof PRICE_MAP_FIELDS)[number];
type Operator = (typeof PRICE_MAP_OPERATORS)[number];
type Condition = [Field, Operator, number | null];
/** A price-map entry in the editor: its group (the price map's key) is kept, not shown. */
type Entry = { group: string; value: number | null; multipliedBy: Field | null; conditions: Condition[] };
type Row = Omit<ProductServiceInput, 'price' | 'price_map'> & { name: string; price: number | null; entries: Entry[] };

const NEW_GROUP = 'listino';
const num = (raw: string) => {
  const n = Number.parseFloat(raw.replace(',', '.'));
  return raw.trim() === '' || Number.isNaN(n) ? null : n;
};
const int = (raw: string) => {
  const n = Number.parseInt(raw, 10);
  return Number.isNaN(n) ? null : n;
};

function toRow(s: ProductService): Row {
  const map = (s.price_map ?? {}) as Record<string, { value: number; conditions: [Field, Operator, number][]; multipliedBy?: Field | null }[]>;
  const entries = Object.entries(map).flatMap(([group, list]) =>
    list.map((e) => ({ group, value: e.value, multipliedBy: e.multipliedBy ?? null, conditions: e.conditions.map((c) => [...c] as Condition) })),
  );
  return {
    id: s.id,
    name: s.name,
    price: s.price,
    franchise: s.franchise,
    included: s.included,
    quantity: s.quantity,
    min_quantity: s.min_quantity,
    max_quantity: s.max_quantity,
    has_price_map: s.has_price_map,
    entries,
  };
}

function toInput(r: Row) {
  const map: Record<string, unknown[]> = {};
  for (const e of r.entries) (map[e.group] ??= []).push({ value: e.value, conditions: e.conditions, multipliedBy: e.multipliedBy });
  const { name: _name, entries: _entries, ...rest } = r;
  return { ...rest, price_map: r.has_price_map ? (map as unknown as PriceMapInput) : null };
}

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

  const change = (i: number, patch: Partial<Row>) => {
    setSaved(false);
    setErrors({});
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  };
  const changeEntry = (i: number, k: number, patch: Partial<Entry>) =>
    change(i, { entries: rows[i]!.entries.map((e, j) => (j === k ? { ...e, ...patch } : e)) });
  const changeCondition = (i: number, k: number, c: number, at: 0 | 1 | 2, value: Condition[number]) => {
    const conditions = rows[i]!.entries[k]!.conditions.map((x, j) => (j === c ? (Object.assign([...x], { [at]: value }) as Condition) : x));
    changeEntry(i, k, { conditions });
  };
  const remove = (i: number) => {
    setSaved(false);
    setErrors({});
    setRows(rows.filter((_, j) => j !== i));
  };
  const add = () => {
    const s = all.data?.find((x) => String(x.id) === adding);
    if (!s) return;
    setRows([
      ...rows,
      {
        id: s.id,
        name: s.name,
        price: 0,
        franchise: null,
        included: false,
        quantity: null,
        min_quantity: null,
        max_quantity: null,
        has_price_map: false,
        entries: [],
      },
    ]);
    setAdding('');
    setSaved(false);
  };
  const submit = () => {
    const parsed = ProductServicesInputSchema.safeParse({ services: rows.map(toInput) });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.map(String).join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
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
              onClick={() => remove(i)}
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
              <input
                type="checkbox"
                checked={r.has_price_map}
                onChange={(e) =>
                  change(i, {
                    has_price_map: e.target.checked,
                    entries:
                      e.target.checked && r.entries.length === 0
                        ? [{ group: NEW_GROUP, value: null, multipliedBy: null, conditions: [['duration', '<=', 36]] }]
                        : r.entries,
                  })
                }
              />
              {t.hasPriceMap}
            </label>
            {r.has_price_map && (
              <div className="ps-map" data-testid="price-map">
                <p className="catalog-hint">{t.firstWins}</p>
                {r.entries.map((e, k) => (
                  <div key={k} className="ps-entry" data-testid="price-map-entry">
                    <div className="ps-entry-head">
                      <strong>
                        {t.entry} {k + 1}
                      </strong>
                      <Button
                        size="small"
                        fill="clear"
                        color="danger"
                        onClick={() => change(i, { entries: r.entries.filter((_, j) => j !== k) })}
                        aria-label={`${t.removeEntry} ${k + 1}`}
                        title={t.removeEntry}
                      >
                        <Icon slot="icon-only" icon={closeOutline} />
                      </Button>
                    </div>
                    <div className="ps-grid">
                      <NumberInput
                        label={t.entryValue}
                        value={e.value}
                        onChange={(v) => changeEntry(i, k, { value: v })}
                        error={err(`${key}.price_map.${e.group}.${r.entries.filter((x) => x.group === e.group).indexOf(e)}.value`)}
                      />
                      <label className="ps-field">
                        <span>{t.multipliedBy}</span>
                        <select value={e.multipliedBy ?? ''} onChange={(ev) => changeEntry(i, k, { multipliedBy: (ev.target.value || null) as Field | null })}>
                          <option value="">{t.none}</option>
                          {PRICE_MAP_FIELDS.map((f) => (
                            <option key={f} value={f}>
                              {t.fields[f]}
                            </option>
                          ))}
                        </select>
                      </label>
                    </div>
                    <p className="ps-sub">{t.conditions}</p>
                    {e.conditions.length === 0 && <p className="catalog-hint">{t.noConditions}</p>}
                    {e.conditions.map((c, ci) => (
                      <div key={ci} className="ps-condition" data-testid="price-map-condition">
                        <select aria-label={t.field} value={c[0]} onChange={(ev) => changeCondition(i, k, ci, 0, ev.target.value as Field)}>
                          {PRICE_MAP_FIELDS.map((f) => (
                            <option key={f} value={f}>
                              {t.fields[f]}
                            </option>
                          ))}
                        </select>
                        <select aria-label={t.operator} value={c[1]} onChange={(ev) => changeCondition(i, k, ci, 1, ev.target.value as Operator)}>
                          {PRICE_MAP_OPERATORS.map((o) => (
                            <option key={o} value={o}>
                              {o}
                            </option>
                          ))}
                        </select>
                        <input
                          aria-label={t.value}
                          inputMode="numeric"
                          value={c[2] ?? ''}
                          onChange={(ev) => changeCondition(i, k, ci, 2, num(ev.target.value))}
                        />
                        <Button
                          size="small"
                          fill="clear"
                          onClick={() => changeEntry(i, k, { conditions: e.conditions.filter((_, j) => j !== ci) })}
                          aria-label={t.removeCondition}
                          title={t.removeCondition}
                        >
                          <Icon slot="icon-only" icon={closeOutline} />
                        </Button>
                      </div>
                    ))}
                    <Button
                      size="small"
                      fill="clear"
                      onClick={() => changeEntry(i, k, { conditions: [...e.conditions, ['duration', '<=', null]] })}
                      disabled={e.conditions.length >= 5}
                    >
                      <Icon slot="start" icon={addOutline} />
                      {t.addCondition}
                    </Button>
                  </div>
                ))}
                <Button
                  size="small"
                  fill="outline"
                  onClick={() =>
                    change(i, { entries: [...r.entries, { group: r.entries.at(-1)?.group ?? NEW_GROUP, value: null, multipliedBy: null, conditions: [] }] })
                  }
                  data-testid="price-map-add"
                >
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

/** A number input that keeps what is typed ('9,' on the way to '9,5') while handing the parsed value up. */
function NumberInput({
  label,
  value,
  onChange,
  error,
  integer,
}: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  error?: string | undefined;
  integer?: boolean;
}) {
  const parse = integer ? int : num;
  const [text, setText] = useState(value === null ? '' : String(value));
  const shown = parse(text) === value ? text : value === null ? '' : String(value);
  return (
    <label className="ps-field">
      <span>{label}</span>
      <input
        inputMode={integer ? 'numeric' : 'decimal'}
        value={shown}
        onChange={(e) => {
          setText(e.target.value);
          onChange(parse(e.target.value));
        }}
        aria-invalid={Boolean(error)}
      />
      {error && <small className="field-error">{error}</small>}
    </label>
  );
}
