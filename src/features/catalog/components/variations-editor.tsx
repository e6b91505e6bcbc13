import { IonButton, IonIcon } from '@ionic/react';
import { copyOutline, createOutline, trashOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { lightFirst, parseIntInput, rangeMessage, sameValues, VARIATION_BOUNDS } from '@core/catalog';
import { formatDistance } from '@core/format';
import type { CatalogOffer, Variation } from '@core/schemas/catalog';
import { ApiError } from '../../../api/client';
import { it } from '../../../i18n/it';
import { useConfirm } from '../../../ui/confirm';
import { FormError } from '../../../ui/form';
import { addVariation, deleteVariation, updateVariation } from '../api/catalog';

type Values = { deposit: number | ''; distance: number | ''; duration: number | ''; monthly_rate: number | '' };
type Row = { key: string; saved: Variation | null; values: Values; duplicated: boolean };
type Field = keyof Values;
const FIELDS: Field[] = ['deposit', 'distance', 'duration', 'monthly_rate'];

function rowErrors(v: Values, main: CatalogOffer): Partial<Record<Field | '_', string>> {
  const errors: Partial<Record<Field | '_', string>> = {};
  for (const f of FIELDS) {
    const b = VARIATION_BOUNDS[f];
    const n = v[f];
    if (n === '' || n < b.min || n > b.max) errors[f] = rangeMessage(b.min, b.max);
  }
  if (Object.keys(errors).length === 0 && sameValues(v as { deposit: number; distance: number; duration: number; monthly_rate: number }, { deposit: main.deposit, distance: main.distance, duration: main.duration, monthly_rate: main.price })) {
    errors._ = it.catalog.variations.sameAsMain;
  }
  return errors;
}

/**
 * The price-variation editor (catalogue-and-account.md §2, §4, §5): one row edited at a time; while
 * editing, the other rows' actions are disabled; duplicate inserts a copy below, cancel removes it;
 * 'Light' bundles first; writes run only when not locked, and set the busy flag first.
 */
export function VariationsEditor({ offer }: { offer: CatalogOffer }) {
  const t = it.catalog.variations;
  const confirm = useConfirm();
  const savedRows = useMemo<Row[]>(() => lightFirst(offer.variations).map((v) => ({ key: `v${v.id}`, saved: v, values: { deposit: v.deposit, distance: v.distance, duration: v.duration, monthly_rate: v.monthly_rate }, duplicated: false })), [offer.variations]);
  const [draft, setDraft] = useState<{ row: Row; after: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<unknown>(null);

  // The rows shown: the saved ones, with the row in edit replaced or (for new rows and copies) inserted.
  const rows: Row[] = useMemo(() => {
    if (!draft) return savedRows;
    if (draft.row.saved) return savedRows.map((r) => (r.key === draft.row.key ? draft.row : r));
    const list = [...savedRows];
    const at = draft.after ? list.findIndex((r) => r.key === draft.after) + 1 : list.length;
    list.splice(at, 0, draft.row);
    return list;
  }, [savedRows, draft]);

  const editing = draft?.row.key ?? null;
  const locked = busy || editing !== null;
  const errors = draft ? rowErrors(draft.row.values, offer) : {};
  const hasError = Object.keys(errors).length > 0;

  const setValue = (f: Field, raw: string) => {
    if (!draft) return;
    setServerError(null); // §4: editing an input resets server errors
    setDraft({ ...draft, row: { ...draft.row, values: { ...draft.row.values, [f]: parseIntInput(raw) } } });
  };
  const startNew = () => setDraft({ row: { key: 'new', saved: null, values: { deposit: offer.deposit, distance: offer.distance, duration: offer.duration, monthly_rate: '' }, duplicated: false }, after: null });
  const duplicate = (r: Row) => setDraft({ row: { key: `copy-${r.key}`, saved: null, values: { ...r.values }, duplicated: true }, after: r.key });
  const cancel = () => {
    setDraft(null);
    setServerError(null);
  };
  const run = async (fn: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    setServerError(null);
    try {
      await fn();
      return true;
    } catch (err) {
      setServerError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    if (!draft || hasError) return;
    const v = draft.row.values as { deposit: number; distance: number; duration: number; monthly_rate: number };
    const saved = draft.row.saved;
    const ok = await run(() => (saved ? updateVariation(offer.code, saved.id, v) : addVariation(offer.code, v)));
    if (ok) setDraft(null);
  };
  const remove = async (r: Row) => {
    if (!r.saved || !(await confirm.ask(t.confirmDelete))) return;
    await run(() => deleteVariation(offer.code, r.saved!.id));
  };
  const serverField = (f: Field | '_') => (serverError instanceof ApiError ? serverError.field(f) : undefined);
  const missing = offer.missing;
  const complete = missing.deposits + missing.durations + missing.distances === 0;

  return (
    <div className="variations" data-testid="variations">
      <p className={complete ? 'catalog-ok' : 'catalog-hint'} data-testid="variations-missing">
        {complete ? t.complete : t.missing(missing)}
      </p>
      <div className="variations-table" role="table">
        <div className="variations-head" role="row">
          <span role="columnheader">{t.deposit}</span>
          <span role="columnheader">{t.distance}</span>
          <span role="columnheader">{t.duration}</span>
          <span role="columnheader">{t.rate}</span>
          <span role="columnheader">{t.actions}</span>
        </div>
        <div className="variations-row is-main" role="row">
          <span>{offer.deposit} €</span>
          <span>{formatDistance(offer.distance)}</span>
          <span>{offer.duration} mesi</span>
          <span>{offer.price} €</span>
          <span className="catalog-chip">{t.main}</span>
        </div>
        {rows.map((r) =>
          r.key === editing ? (
            <div key={r.key} className={`variations-row is-editing${r.duplicated ? ' is-copy' : ''}`} role="row" data-testid="variation-edit">
              {FIELDS.map((f) => (
                <label key={f} className="variation-input">
                  <span className="sr-only">{t[f === 'monthly_rate' ? 'rate' : f]}</span>
                  <input
                    inputMode="numeric"
                    name={f}
                    aria-label={t[f === 'monthly_rate' ? 'rate' : f]}
                    value={r.values[f]}
                    min={f === 'duration' ? 0 : VARIATION_BOUNDS[f].min}
                    max={VARIATION_BOUNDS[f].max}
                    onChange={(e) => setValue(f, e.target.value)}
                    aria-invalid={Boolean(errors[f] ?? serverField(f))}
                  />
                  {(errors[f] ?? serverField(f)) && <small className="field-error">{errors[f] ?? serverField(f)}</small>}
                </label>
              ))}
              <span className="variation-actions">
                <IonButton size="small" onClick={() => void save()} disabled={busy || hasError} data-testid="variation-save">
                  {t.save}
                </IonButton>
                <IonButton size="small" fill="clear" onClick={cancel} disabled={busy}>
                  {t.cancel}
                </IonButton>
              </span>
              {(errors._ ?? serverField('_')) && <small className="field-error variation-row-error">{errors._ ?? serverField('_')}</small>}
            </div>
          ) : (
            <div key={r.key} className="variations-row" role="row" data-testid="variation-row">
              <span>{r.values.deposit} €</span>
              <span>{formatDistance(Number(r.values.distance))}</span>
              <span>{r.values.duration} mesi</span>
              <span>
                {r.values.monthly_rate} €{r.saved?.bundle ? <small> · {r.saved.bundle}</small> : null}
              </span>
              <span className="variation-actions">
                <IonButton size="small" fill="clear" disabled={locked} onClick={() => setDraft({ row: r, after: null })} aria-label={t.edit} title={t.edit} data-testid="variation-edit-button">
                  <IonIcon slot="icon-only" icon={createOutline} />
                </IonButton>
                <IonButton size="small" fill="clear" disabled={locked} onClick={() => duplicate(r)} aria-label={t.duplicate} title={t.duplicate}>
                  <IonIcon slot="icon-only" icon={copyOutline} />
                </IonButton>
                <IonButton size="small" fill="clear" color="danger" disabled={locked} onClick={() => void remove(r)} aria-label={t.delete} title={t.delete} data-testid="variation-delete">
                  <IonIcon slot="icon-only" icon={trashOutline} />
                </IonButton>
              </span>
            </div>
          ),
        )}
      </div>
      {rows.length === 0 && <p className="catalog-hint">{t.empty}</p>}
      <IonButton size="small" fill="outline" disabled={locked} onClick={startNew} data-testid="variation-add">
        {t.add}
      </IonButton>
      {!serverField('_') && !FIELDS.some((f) => serverField(f)) && <FormError error={serverError} />}
      {confirm.element}
    </div>
  );
}
