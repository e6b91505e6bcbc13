import { Button } from '../../../ui/button';
import { RemovableChip } from '../../../ui/chip';
import { Spinner } from '../../../ui/spinner';
import downloadOutline from 'ionicons-svg/download-outline.svg?raw';
import { useId, useState } from 'react';
import type { OfferSort } from '@core/offer-options';
import type { FilterSet } from '@core/schemas/offers';
import { it } from '../../../i18n/offers';
import type { Chip } from '../chips';
import { Icon } from '../../../ui/icon';

/** The spec shows the first 4 chips until expanded (spec §9). */
export const VISIBLE_CHIPS = 4;

export function ResultsHeader(props: {
  total: number | undefined;
  sort: OfferSort;
  orders: FilterSet['orders'];
  onSort: (s: OfferSort) => void;
  chips: Chip[];
  onRemove: (c: Chip) => void;
  onRemoveAll: () => void;
  onDownload: () => void;
  downloading: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const sortId = useId();
  const shown = expanded ? props.chips : props.chips.slice(0, VISIBLE_CHIPS);
  return (
    <div className="results-header">
      <div className="results-bar">
        <h1 className="results-count" aria-live="polite">
          {props.total === undefined ? '\u00a0' : it.offers.found(props.total)}
        </h1>
        <div className="results-actions">
          {/* A native select drawn like the outline fields (as in src/ui/form-fields.tsx): IonSelect would bring
              its popover, alert, action sheet and modal into the screen's first chunk. */}
          <div className="results-sort native-field">
            <label htmlFor={sortId}>{it.offers.sortBy}</label>
            <select id={sortId} value={props.sort} onChange={(e) => props.onSort(e.target.value as OfferSort)}>
              {props.orders.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
          <Button fill="outline" onClick={props.onDownload} disabled={props.downloading || !props.total}>
            {props.downloading ? <Spinner slot="start" name="dots" /> : <Icon slot="start" icon={downloadOutline} />}
            {it.offers.download}
          </Button>
        </div>
      </div>
      {props.chips.length > 0 && (
        <div className="results-chips" data-testid="filter-chips">
          {shown.map((c) => (
            <RemovableChip key={c.key} onRemove={() => props.onRemove(c)} title={it.offers.removeChip} aria-label={`${c.label}. ${it.offers.removeChip}`}>
              {c.label}
            </RemovableChip>
          ))}
          {props.chips.length > VISIBLE_CHIPS && (
            <Button fill="clear" size="small" onClick={() => setExpanded((x) => !x)}>
              {expanded ? it.offers.hide : `${it.offers.showAll} (+${props.chips.length - VISIBLE_CHIPS})`}
            </Button>
          )}
          <Button fill="clear" size="small" color="danger" onClick={props.onRemoveAll}>
            {it.offers.removeAll}
          </Button>
        </div>
      )}
    </div>
  );
}
