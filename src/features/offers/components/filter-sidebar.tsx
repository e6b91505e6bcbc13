import { IonAccordion, IonAccordionGroup } from '../../../ui/ionic/accordion';
import { IonCheckbox } from '../../../ui/ionic/checkbox';
import { IonItem } from '../../../ui/ionic/item';
import { IonLabel, IonList } from '../../../ui/ionic/list';
import { Note } from '../../../ui/text';
import { IonToggle } from '../../../ui/ionic/toggle';
import { memo, useCallback } from 'react';
import type { FilterDef, FilterSet, OfferFilters } from '@core/schemas/offers';
import { it } from '../../../i18n/offers';
import { useLatestCallback } from '../../../ui/use-latest-callback';
import { iconFor } from '../icons';
import type { FilterValue } from '../use-offer-search-state';
import { RangeFilter } from './range-filter';
import { Icon } from '../../../ui/icon';

type SetFilter = <K extends keyof OfferFilters>(name: K, value: FilterValue<K>) => void;
type OptionsDef = Extract<FilterDef, { type: 'options' }>;
type ToggleDef = Extract<FilterDef, { type: 'toggle' }>;
type Option = string | number;
type ToggleOption = (name: OptionsDef['name'], value: Option, on: boolean) => void;

// Shown only when there is a real choice (spec §2 "Filter sidebar").
const ONLY_WITH_CHOICE = new Set(['brokers', 'products', 'stocks', 'areas']);
const OPEN_BY_DEFAULT = ['tags', 'brands', 'monthly_rates', 'fuels', 'other'];

// Every search brings a new filter set, but most rows keep their label, count and check mark: sections
// and rows are memoised on those values, so a filter change re-renders (and re-attaches the Ionic
// components of) only the rows that changed. Their handlers keep one identity for that (useLatestCallback).

/**
 * The filter column. `setFilter` must keep its identity across renders (the rows are memoised).
 */
export const FilterSidebar = memo(function FilterSidebar({
  set,
  filters,
  setFilter,
}: {
  set: FilterSet;
  filters: Partial<OfferFilters>;
  setFilter: SetFilter;
}) {
  const toggleOption = useLatestCallback<Parameters<ToggleOption>, void>((name, value, on) => {
    const selected = (filters[name] ?? []) as Option[];
    const next = on ? [...selected, value] : selected.filter((v) => v !== value);
    setFilter(name, (next.length ? next : undefined) as never);
  });
  const addTag = useLatestCallback((value: string) => setFilter('tags', [...(filters.tags ?? []), value]));
  const toggles = set.filters.filter((f): f is ToggleDef => f.type === 'toggle');
  // Tag filters are hidden while they are active (they show as chips).
  const tags = set.tags.filter((t) => t.show && !(filters.tags ?? []).includes(t.value));
  const sections = set.filters.filter((f) => f.type !== 'toggle' && !(ONLY_WITH_CHOICE.has(f.name) && f.type === 'options' && f.options.length <= 1));
  return (
    <IonAccordionGroup multiple value={OPEN_BY_DEFAULT} className="filter-sidebar" aria-label={it.offers.filtersTitle}>
      {tags.length > 0 && (
        <IonAccordion value="tags">
          <IonItem slot="header">
            <IonLabel>{it.offers.sections.tags}</IonLabel>
          </IonItem>
          <IonList slot="content" lines="none">
            {tags.map((t) => (
              <TagRow key={t.value} value={t.value} label={t.label} count={t.count} onAdd={addTag} />
            ))}
          </IonList>
        </IonAccordion>
      )}
      {sections.map((def) => (
        <FilterSection
          key={def.name}
          def={def}
          selected={filters[def.name]}
          // Fast delivery disables delivery times; unlimited km disables distances (spec §4).
          disabled={(def.name === 'delivery_times' && !!filters.fast_delivery) || (def.name === 'distances' && !!filters.unlimitedKm)}
          setFilter={setFilter}
          toggleOption={toggleOption}
        />
      ))}
      {toggles.length > 0 && (
        <IonAccordion value="other">
          <IonItem slot="header">
            <IonLabel>{it.offers.sections.other}</IonLabel>
          </IonItem>
          <IonList slot="content" lines="none">
            {toggles.map((t) => (
              <ToggleRow key={t.name} name={t.name} label={t.label} icon={t.icon} count={t.count} checked={!!filters[t.name]} setFilter={setFilter} />
            ))}
          </IonList>
        </IonAccordion>
      )}
    </IonAccordionGroup>
  );
});

type SectionProps = {
  def: FilterDef;
  selected: Partial<OfferFilters>[keyof OfferFilters];
  disabled: boolean;
  setFilter: SetFilter;
  toggleOption: ToggleOption;
};

/** Same section on screen: same kind, bounds, or options with the same labels, icons and counts. */
function sameDef(a: FilterDef, b: FilterDef): boolean {
  if (a === b) return true;
  if (a.type === 'range' && b.type === 'range') return a.name === b.name && a.min === b.min && a.max === b.max && a.unit === b.unit;
  if (a.type === 'options' && b.type === 'options')
    return (
      a.name === b.name &&
      a.options.length === b.options.length &&
      a.options.every((o, i) => {
        const p = b.options[i]!;
        return o.value === p.value && o.label === p.label && o.icon === p.icon && o.count === p.count;
      })
    );
  return false;
}

const FilterSection = memo(
  function FilterSection({ def, selected, disabled, setFilter, toggleOption }: SectionProps) {
    const label = it.offers.sections[def.name] ?? def.name;
    const onRange = useCallback((v: [number, number] | undefined) => setFilter(def.name as 'monthly_rates' | 'deposits', v), [setFilter, def.name]);
    const chosen = (selected ?? []) as Option[];
    return (
      <IonAccordion value={def.name} data-section={def.name}>
        <IonItem slot="header">
          <IonLabel>{label}</IonLabel>
        </IonItem>
        <div slot="content" className="filter-section">
          {def.type === 'range' ? (
            <RangeFilter
              name={def.name}
              label={label}
              min={def.min}
              max={def.max}
              unit={def.unit}
              value={selected as [number, number] | undefined}
              onChange={onRange}
            />
          ) : (
            def.type === 'options' && (
              <IonList lines="none">
                {def.options.map((o) => (
                  <OptionRow
                    key={String(o.value)}
                    name={def.name}
                    value={o.value}
                    label={o.label}
                    icon={o.icon}
                    count={o.count}
                    checked={chosen.includes(o.value)}
                    disabled={disabled}
                    onToggle={toggleOption}
                  />
                ))}
              </IonList>
            )
          )}
        </div>
      </IonAccordion>
    );
  },
  (a, b) => sameDef(a.def, b.def) && a.selected === b.selected && a.disabled === b.disabled && a.setFilter === b.setFilter && a.toggleOption === b.toggleOption,
);

const OptionRow = memo(function OptionRow(props: {
  name: OptionsDef['name'];
  value: Option;
  label: string;
  icon: string | null;
  count: number;
  checked: boolean;
  disabled: boolean;
  onToggle: ToggleOption;
}) {
  const { name, value, label, count, checked, disabled, onToggle } = props;
  const icon = iconFor(props.icon);
  return (
    <IonItem disabled={disabled}>
      {icon && <Icon slot="start" icon={icon} />}
      <IonCheckbox justify="space-between" checked={checked} onIonChange={(e) => onToggle(name, value, e.detail.checked)}>
        {label} <Note className="option-count">({count})</Note>
      </IonCheckbox>
    </IonItem>
  );
});

const TagRow = memo(function TagRow({ value, label, count, onAdd }: { value: string; label: string; count: number; onAdd: (value: string) => void }) {
  return (
    <IonItem>
      <IonCheckbox justify="space-between" checked={false} onIonChange={() => onAdd(value)}>
        {label} <span className="option-count">({count})</span>
      </IonCheckbox>
    </IonItem>
  );
});

const ToggleRow = memo(function ToggleRow(props: {
  name: ToggleDef['name'];
  label: string;
  icon: string | null;
  count: number;
  checked: boolean;
  setFilter: SetFilter;
}) {
  const { name, label, count, checked, setFilter } = props;
  const icon = iconFor(props.icon);
  return (
    <IonItem>
      {icon && <Icon slot="start" icon={icon} />}
      <IonToggle justify="space-between" checked={checked} onIonChange={(e) => setFilter(name, e.detail.checked || undefined)}>
        {label} <span className="option-count">({count})</span>
      </IonToggle>
    </IonItem>
  );
});
