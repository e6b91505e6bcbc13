import { formatNumber } from '@core/format';
import { CODE_FILTERS, NUMBER_FILTERS, RANGE_FILTERS, TOGGLE_FILTERS } from '@core/offer-options';
import type { FilterSet, OfferFilters } from '@core/schemas/offers';
import { it } from '../../i18n/offers';

export interface Chip {
  key: string;
  name: keyof OfferFilters;
  /** The value to remove from a list filter; absent for ranges and toggles (the whole filter goes). */
  value?: string | number;
  label: string;
}

/** One chip per active value, labelled from the filter set (the server's labels). */
export function activeChips(filters: Partial<OfferFilters>, set: FilterSet | undefined): Chip[] {
  const chips: Chip[] = [];
  const optionLabel = (name: string, value: string | number) => {
    const def = set?.filters.find((f) => f.name === name);
    const option = def?.type === 'options' ? def.options.find((o) => String(o.value) === String(value)) : undefined;
    if (option) return option.label;
    if (name === 'tags') return set?.tags.find((t) => t.value === value)?.label ?? String(value);
    return String(value);
  };
  for (const name of ['tags', ...CODE_FILTERS, ...NUMBER_FILTERS] as const) {
    for (const value of filters[name] ?? []) chips.push({ key: `${name}:${value}`, name, value, label: optionLabel(name, value) });
  }
  for (const name of RANGE_FILTERS) {
    const range = filters[name];
    if (!range) continue;
    const unit = set?.filters.find((f) => f.name === name && f.type === 'range');
    const fmt = (n: number) => `${formatNumber(n)}${unit?.type === 'range' ? ` ${unit.unit}` : ''}`;
    chips.push({ key: name, name, label: it.offers.chipRange(it.offers.sections[name] ?? name, fmt(range[0]), fmt(range[1])) });
  }
  for (const name of TOGGLE_FILTERS) {
    if (!filters[name]) continue;
    const def = set?.filters.find((f) => f.name === name);
    chips.push({ key: name, name, label: def?.type === 'toggle' ? def.label : (it.offers.sections[name] ?? name) });
  }
  return chips;
}

/** The filters without one chip's value. */
export function withoutChip(filters: Partial<OfferFilters>, chip: Chip): { name: keyof OfferFilters; value: unknown } {
  const current = filters[chip.name];
  if (chip.value !== undefined && Array.isArray(current)) {
    const rest = (current as (string | number)[]).filter((v) => String(v) !== String(chip.value));
    return { name: chip.name, value: rest.length ? rest : undefined };
  }
  return { name: chip.name, value: undefined };
}
