import addOutline from 'ionicons-svg/add-outline.svg?raw';
import closeOutline from 'ionicons-svg/close-outline.svg?raw';
import { useState } from 'react';
import { PRICE_MAP_FIELDS, PRICE_MAP_OPERATORS } from '@core/catalog';
import { it } from '../../../i18n/catalog';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { changeCondition, type Entry, type Field, MAX_CONDITIONS, type Operator, parseDecimal, parseInteger, removeAt } from './product-services-model';

/**
 * One entry of a service's price map: its monthly value, the field that multiplies it, and up to five
 * conditions [field, operator, value] that must all hold (core/pricing.ts, the first entry that holds wins).
 */
export function PriceMapEntryEditor({
  entry: e,
  place,
  error,
  onChange,
  onRemove,
}: {
  entry: Entry;
  /** 1 for the first entry: its label and the order it is tried in. */
  place: number;
  error: string | undefined;
  onChange: (patch: Partial<Entry>) => void;
  onRemove: () => void;
}) {
  const t = it.products.services;
  return (
    <div className="ps-entry" data-testid="price-map-entry">
      <div className="ps-entry-head">
        <strong>
          {t.entry} {place}
        </strong>
        <Button size="small" fill="clear" color="danger" onClick={onRemove} aria-label={`${t.removeEntry} ${place}`} title={t.removeEntry}>
          <Icon slot="icon-only" icon={closeOutline} />
        </Button>
      </div>
      <div className="ps-grid">
        <NumberInput label={t.entryValue} value={e.value} onChange={(v) => onChange({ value: v })} error={error} />
        <label className="ps-field">
          <span>{t.multipliedBy}</span>
          <select value={e.multipliedBy ?? ''} onChange={(ev) => onChange({ multipliedBy: (ev.target.value || null) as Field | null })}>
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
          <select aria-label={t.field} value={c[0]} onChange={(ev) => onChange({ conditions: changeCondition(e.conditions, ci, 0, ev.target.value as Field) })}>
            {PRICE_MAP_FIELDS.map((f) => (
              <option key={f} value={f}>
                {t.fields[f]}
              </option>
            ))}
          </select>
          <select
            aria-label={t.operator}
            value={c[1]}
            onChange={(ev) => onChange({ conditions: changeCondition(e.conditions, ci, 1, ev.target.value as Operator) })}
          >
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
            onChange={(ev) => onChange({ conditions: changeCondition(e.conditions, ci, 2, parseDecimal(ev.target.value)) })}
          />
          <Button
            size="small"
            fill="clear"
            onClick={() => onChange({ conditions: removeAt(e.conditions, ci) })}
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
        onClick={() => onChange({ conditions: [...e.conditions, ['duration', '<=', null]] })}
        disabled={e.conditions.length >= MAX_CONDITIONS}
      >
        <Icon slot="start" icon={addOutline} />
        {t.addCondition}
      </Button>
    </div>
  );
}

/** A number input that keeps what is typed ('9,' on the way to '9,5') while handing the parsed value up. */
export function NumberInput({
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
  const parse = integer ? parseInteger : parseDecimal;
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
