import { IonAccordion, IonAccordionGroup, IonCheckbox, IonIcon, IonItem, IonLabel, IonList, IonNote, IonToggle } from '@ionic/react';
import type { FilterDef, FilterSet, OfferFilters } from '@core/schemas/offers';
import { it } from '../../../i18n/offers';
import { iconFor } from '../icons';
import type { FilterValue } from '../use-offer-search-state';
import { RangeFilter } from './range-filter';

type SetFilter = <K extends keyof OfferFilters>(name: K, value: FilterValue<K>) => void;

// Shown only when there is a real choice (sales-portal.md §2 "Filter sidebar").
const ONLY_WITH_CHOICE = new Set(['brokers', 'products', 'stocks', 'areas']);
const OPEN_BY_DEFAULT = ['tags', 'brands', 'monthly_rates', 'fuels', 'other'];

export function FilterSidebar({ set, filters, setFilter }: { set: FilterSet; filters: Partial<OfferFilters>; setFilter: SetFilter }) {
  const toggles = set.filters.filter((f): f is Extract<FilterDef, { type: 'toggle' }> => f.type === 'toggle');
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
              <IonItem key={t.value}>
                <IonCheckbox justify="space-between" checked={false} onIonChange={() => setFilter('tags', [...(filters.tags ?? []), t.value])}>
                  {t.label} <span className="option-count">({t.count})</span>
                </IonCheckbox>
              </IonItem>
            ))}
          </IonList>
        </IonAccordion>
      )}
      {sections.map((def) => (
        <IonAccordion key={def.name} value={def.name} data-section={def.name}>
          <IonItem slot="header">
            <IonLabel>{it.offers.sections[def.name] ?? def.name}</IonLabel>
          </IonItem>
          <div slot="content" className="filter-section">
            {def.type === 'range' ? (
              <RangeFilter name={def.name} label={it.offers.sections[def.name] ?? def.name} min={def.min} max={def.max} unit={def.unit} value={filters[def.name]} onChange={(v) => setFilter(def.name, v)} />
            ) : (
              def.type === 'options' && <OptionList def={def} filters={filters} setFilter={setFilter} />
            )}
          </div>
        </IonAccordion>
      ))}
      {toggles.length > 0 && (
        <IonAccordion value="other">
          <IonItem slot="header">
            <IonLabel>{it.offers.sections.other}</IonLabel>
          </IonItem>
          <IonList slot="content" lines="none">
            {toggles.map((t) => (
              <IonItem key={t.name}>
                {iconFor(t.icon) && <IonIcon slot="start" icon={iconFor(t.icon)} aria-hidden="true" />}
                <IonToggle justify="space-between" checked={!!filters[t.name]} onIonChange={(e) => setFilter(t.name, e.detail.checked || undefined)}>
                  {t.label} <span className="option-count">({t.count})</span>
                </IonToggle>
              </IonItem>
            ))}
          </IonList>
        </IonAccordion>
      )}
    </IonAccordionGroup>
  );
}

function OptionList({ def, filters, setFilter }: { def: Extract<FilterDef, { type: 'options' }>; filters: Partial<OfferFilters>; setFilter: SetFilter }) {
  const selected = (filters[def.name] ?? []) as (string | number)[];
  // Fast delivery disables delivery times; unlimited km disables distances (sales-portal.md §4).
  const disabled = (def.name === 'delivery_times' && !!filters.fast_delivery) || (def.name === 'distances' && !!filters.unlimitedKm);
  const toggle = (value: string | number, on: boolean) => {
    const next = on ? [...selected, value] : selected.filter((v) => v !== value);
    setFilter(def.name, (next.length ? next : undefined) as never);
  };
  return (
    <IonList lines="none">
      {def.options.map((o) => {
        const checked = selected.includes(o.value);
        const icon = iconFor(o.icon);
        return (
          <IonItem key={String(o.value)} disabled={disabled}>
            {icon && <IonIcon slot="start" icon={icon} aria-hidden="true" />}
            <IonCheckbox justify="space-between" checked={checked} onIonChange={(e) => toggle(o.value, e.detail.checked)}>
              {o.label} <IonNote className="option-count">({o.count})</IonNote>
            </IonCheckbox>
          </IonItem>
        );
      })}
    </IonList>
  );
}
