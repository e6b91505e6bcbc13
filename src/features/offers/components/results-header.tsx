import { IonButton, IonChip, IonIcon, IonLabel, IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { closeCircle, downloadOutline } from 'ionicons/icons';
import { useState } from 'react';
import type { OfferSort } from '@core/offer-options';
import type { FilterSet } from '@core/schemas/offers';
import { it } from '../../../i18n/it';
import type { Chip } from '../chips';

/** The spec shows the first 4 chips until expanded (sales-portal.md §9). */
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
  const shown = expanded ? props.chips : props.chips.slice(0, VISIBLE_CHIPS);
  return (
    <div className="results-header">
      <div className="results-bar">
        <h1 className="results-count" aria-live="polite">
          {props.total === undefined ? '\u00a0' : it.offers.found(props.total)}
        </h1>
        <div className="results-actions">
          <IonSelect
            className="results-sort"
            label={it.offers.sortBy}
            labelPlacement="stacked"
            interface="popover"
            value={props.sort}
            onIonChange={(e) => props.onSort(e.detail.value as OfferSort)}
          >
            {props.orders.map((o) => (
              <IonSelectOption key={o.value} value={o.value}>
                {o.label}
              </IonSelectOption>
            ))}
          </IonSelect>
          <IonButton fill="outline" onClick={props.onDownload} disabled={props.downloading || !props.total}>
            {props.downloading ? <IonSpinner slot="start" name="dots" /> : <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />}
            {it.offers.download}
          </IonButton>
        </div>
      </div>
      {props.chips.length > 0 && (
        <div className="results-chips" data-testid="filter-chips">
          {shown.map((c) => (
            <IonChip key={c.key} outline onClick={() => props.onRemove(c)} title={it.offers.removeChip} aria-label={`${c.label}. ${it.offers.removeChip}`}>
              <IonLabel>{c.label}</IonLabel>
              <IonIcon icon={closeCircle} aria-hidden="true" />
            </IonChip>
          ))}
          {props.chips.length > VISIBLE_CHIPS && (
            <IonButton fill="clear" size="small" onClick={() => setExpanded((x) => !x)}>
              {expanded ? it.offers.hide : `${it.offers.showAll} (+${props.chips.length - VISIBLE_CHIPS})`}
            </IonButton>
          )}
          <IonButton fill="clear" size="small" color="danger" onClick={props.onRemoveAll}>
            {it.offers.removeAll}
          </IonButton>
        </div>
      )}
    </div>
  );
}
