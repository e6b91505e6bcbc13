import { Button } from '../../../ui/button';
import copyOutline from 'ionicons-svg/copy-outline.svg?raw';
import createOutline from 'ionicons-svg/create-outline.svg?raw';
import trashOutline from 'ionicons-svg/trash-outline.svg?raw';
import { useMemo, useState } from 'react';
import { lightFirst, parseIntInput, VARIATION_BOUNDS } from '@core/catalog';
import { formatDistance, formatEuro, formatMonths } from '@core/format';
import type { CatalogOffer, VariationInput } from '@core/schemas/catalog';
import { ApiError } from '../../../api/client';
import { it } from '../../../i18n/catalog';
import { useConfirm } from '../../../ui/confirm';
import { FormError } from '../../../ui/form';
import { addVariation, deleteVariation, updateVariation } from '../api/catalog';
import { useWrite } from '../../../api/use-write';
import { useCatalogueOnline } from './online-only';
import { Icon } from '../../../ui/icon';
import {
  copyOf,
  type Draft,
  type Extra,
  EXTRAS,
  type Field,
  FIELDS,
  inputOf,
  newRowFor,
  type Row,
  rowErrors,
  rowsWithDraft,
  type Values,
  valuesOf,
} from './variations-model';

/** A write of the editor: which row and what (its intent), and how it is sent with the intent's key. */
type Intent = { id: string; send: (key: string) => Promise<unknown> };

/**
 * The price-variation editor (account spec §2, §4, §5): one row edited at a time; while
 * editing, the other rows' actions are disabled; duplicate inserts a copy below, cancel removes it;
 * 'Light' bundles first; writes run only when not locked, and set the busy flag first.
 */
export function VariationsEditor({ offer }: { offer: CatalogOffer }) {
  const t = it.catalog.variations;
  const confirm = useConfirm();
  const online = useCatalogueOnline();
  const savedRows = useMemo<Row[]>(
    () => lightFirst(offer.variations).map((v) => ({ key: `v${v.id}`, saved: v, values: valuesOf(v), duplicated: false })),
    [offer.variations],
  );
  const [draft, setDraft] = useState<Draft | null>(null);
  const [serverError, setServerError] = useState<unknown>(null);
  // One write per intent (src/api/use-write.ts): a double tap on save adds one variation.
  const write = useWrite({ mutationFn: (w: Intent, key) => w.send(key), sameIntent: (a, b) => a.id === b.id });
  const busy = write.isPending;

  // The rows shown: the saved ones, with the row in edit replaced or (for new rows and copies) inserted.
  const rows: Row[] = useMemo(() => rowsWithDraft(savedRows, draft), [savedRows, draft]);

  const editing = draft?.row.key ?? null;
  // Offline nothing can be written (docs/adr/0139-catalogue-writes-online-only.md): the actions stay disabled.
  const locked = busy || editing !== null || !online;
  const errors = draft ? rowErrors(draft.row.values, offer) : {};
  const hasError = Object.keys(errors).length > 0;

  const patch = (values: Partial<Values>) => {
    if (!draft) return;
    setServerError(null); // §4: editing an input resets server errors
    setDraft({ ...draft, row: { ...draft.row, values: { ...draft.row.values, ...values } } });
  };
  const setValue = (f: Field | 'web_monthly_rate' | 'special_price', raw: string) => patch({ [f]: parseIntInput(raw) });
  const startNew = () => setDraft({ row: newRowFor(offer), after: null });
  const duplicate = (r: Row) => setDraft({ row: copyOf(r), after: r.key });
  const cancel = () => {
    setDraft(null);
    setServerError(null);
  };
  const run = async (id: string, send: Intent['send']) => {
    setServerError(null);
    try {
      await write.mutateAsync({ id, send });
      return true;
    } catch (err) {
      setServerError(err);
      return false;
    }
  };
  const save = async () => {
    if (!draft || hasError || !online) return;
    const v = inputOf(draft.row.values) as VariationInput;
    const saved = draft.row.saved;
    const ok = await run(saved ? `put-${saved.id}` : `new-${draft.row.key}`, (key) =>
      saved ? updateVariation(offer.code, saved.id, v, key) : addVariation(offer.code, v, key),
    );
    if (ok) setDraft(null);
  };
  const remove = async (r: Row) => {
    if (!r.saved || !(await confirm.ask(t.confirmDelete))) return;
    await run(`delete-${r.saved.id}`, (key) => deleteVariation(offer.code, r.saved!.id, key));
  };
  const serverField = (f: Field | Extra | '_') => (serverError instanceof ApiError ? serverError.field(f) : undefined);
  const missing = offer.missing;
  const complete = missing.deposits + missing.durations + missing.distances === 0;

  return (
    <div className="variations" data-testid="variations">
      {/* A published offer says so (its changes are held to the minimum); a refused change shows only its error, never the green line under it (docs/adr/0136-catalogue-offers-and-publishing.md). */}
      {offer.published && complete ? (
        <p className="catalog-hint" data-testid="variations-missing">
          {t.published}
        </p>
      ) : (
        !(complete && serverError) && (
          <p className={complete ? 'catalog-ok' : 'catalog-hint'} data-testid="variations-missing">
            {complete ? t.complete : t.missing(missing)}
          </p>
        )
      )}
      <div className="variations-table" role="table">
        <div className="variations-head" role="row">
          <span role="columnheader">{t.deposit}</span>
          <span role="columnheader">{t.distance}</span>
          <span role="columnheader">{t.duration}</span>
          <span role="columnheader">{t.rate}</span>
          <span role="columnheader">{t.actions}</span>
        </div>
        <div className="variations-row is-main" role="row">
          <span role="cell" data-label={t.deposit}>
            {formatEuro(Number(offer.deposit))}
          </span>
          <span role="cell" data-label={t.distance}>
            {formatDistance(offer.distance)}
          </span>
          <span role="cell" data-label={t.duration}>
            {formatMonths(Number(offer.duration))}
          </span>
          <span role="cell" data-label={t.rate}>
            {formatEuro(Number(offer.price))}
          </span>
          <span role="cell">
            <span className="catalog-chip">{t.main}</span>
          </span>
        </div>
        {rows.map((r) =>
          r.key === editing ? (
            <div key={r.key} className={`variations-row is-editing${r.duplicated ? ' is-copy' : ''}`} role="row" data-testid="variation-edit">
              {/* A row of the table (its cells hold the fields, each named by its column's label). */}
              {FIELDS.map((f) => (
                <span key={f} role="cell" className="variation-input" data-label={t[f === 'monthly_rate' ? 'rate' : f]}>
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
                </span>
              ))}
              <span role="cell" className="variation-actions">
                <Button size="small" onClick={() => void save()} disabled={busy || hasError || !online} data-testid="variation-save">
                  {t.save}
                </Button>
                <Button size="small" fill="clear" onClick={cancel} disabled={busy}>
                  {t.cancel}
                </Button>
              </span>
              <div role="cell" className="variation-extras">
                <label className="variation-input">
                  <span>{t.bundle}</span>
                  <input
                    name="bundle"
                    aria-label={t.bundle}
                    maxLength={60}
                    value={r.values.bundle}
                    onChange={(e) => patch({ bundle: e.target.value })}
                    aria-invalid={Boolean(errors.bundle ?? serverField('bundle'))}
                  />
                  {(errors.bundle ?? serverField('bundle')) && <small className="field-error">{errors.bundle ?? serverField('bundle')}</small>}
                </label>
                <label className="variation-input">
                  <span>{t.webRate}</span>
                  <input
                    name="web_monthly_rate"
                    inputMode="numeric"
                    aria-label={t.webRate}
                    value={r.values.web_monthly_rate}
                    onChange={(e) => setValue('web_monthly_rate', e.target.value)}
                    aria-invalid={Boolean(errors.web_monthly_rate ?? serverField('web_monthly_rate'))}
                  />
                  {(errors.web_monthly_rate ?? serverField('web_monthly_rate')) && (
                    <small className="field-error">{errors.web_monthly_rate ?? serverField('web_monthly_rate')}</small>
                  )}
                </label>
                <label className="variation-check">
                  <input type="checkbox" name="special" checked={r.values.special} onChange={(e) => patch({ special: e.target.checked })} />
                  {t.specialOn}
                </label>
                <label className="variation-input">
                  <span>{t.specialPrice}</span>
                  <input
                    name="special_price"
                    inputMode="numeric"
                    aria-label={t.specialPrice}
                    disabled={!r.values.special}
                    value={r.values.special_price}
                    onChange={(e) => setValue('special_price', e.target.value)}
                    aria-invalid={Boolean(errors.special_price ?? serverField('special_price'))}
                  />
                  {(errors.special_price ?? serverField('special_price')) && (
                    <small className="field-error">{errors.special_price ?? serverField('special_price')}</small>
                  )}
                </label>
              </div>
              {(errors._ ?? serverField('_')) && (
                <small role="cell" className="field-error variation-row-error">
                  {errors._ ?? serverField('_')}
                </small>
              )}
            </div>
          ) : (
            <div key={r.key} className="variations-row" role="row" data-testid="variation-row">
              <span role="cell" data-label={t.deposit}>
                {formatEuro(Number(r.values.deposit))}
              </span>
              <span role="cell" data-label={t.distance}>
                {formatDistance(Number(r.values.distance))}
              </span>
              <span role="cell" data-label={t.duration}>
                {formatMonths(Number(r.values.duration))}
              </span>
              <span role="cell" data-label={t.rate}>
                {formatEuro(Number(r.values.monthly_rate))}
                {r.saved?.bundle ? <small data-testid="variation-bundle"> · {r.saved.bundle}</small> : null}
                {r.saved?.web_monthly_rate ? <small className="variation-note"> · {t.webShort(formatEuro(r.saved.web_monthly_rate))}</small> : null}
                {(r.saved?.special_rate ?? 0) > 0 && r.saved?.special_price ? (
                  <small className="variation-note is-special"> · {t.specialShort(formatEuro(r.saved.special_price))}</small>
                ) : null}
              </span>
              <span role="cell" className="variation-actions">
                <Button
                  size="small"
                  fill="clear"
                  disabled={locked}
                  onClick={() => setDraft({ row: r, after: null })}
                  aria-label={t.edit}
                  title={t.edit}
                  data-testid="variation-edit-button"
                >
                  <Icon slot="icon-only" icon={createOutline} />
                </Button>
                <Button size="small" fill="clear" disabled={locked} onClick={() => duplicate(r)} aria-label={t.duplicate} title={t.duplicate}>
                  <Icon slot="icon-only" icon={copyOutline} />
                </Button>
                <Button
                  size="small"
                  fill="clear"
                  color="danger"
                  disabled={locked}
                  onClick={() => void remove(r)}
                  aria-label={t.delete}
                  title={t.delete}
                  data-testid="variation-delete"
                >
                  <Icon slot="icon-only" icon={trashOutline} />
                </Button>
              </span>
            </div>
          ),
        )}
      </div>
      {rows.length === 0 && <p className="catalog-hint">{t.empty}</p>}
      <Button size="small" fill="outline" disabled={locked} onClick={startNew} data-testid="variation-add">
        {t.add}
      </Button>
      {!serverField('_') && ![...FIELDS, ...EXTRAS].some((f) => serverField(f)) && <FormError error={serverError} />}
      {confirm.element}
    </div>
  );
}
