import closeOutline from 'ionicons-svg/close-outline.svg?raw';
import copyOutline from 'ionicons-svg/copy-outline.svg?raw';
import printOutline from 'ionicons-svg/print-outline.svg?raw';
import ribbon from 'ionicons-svg/ribbon.svg?raw';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { type CompareItem, compareItemKey, readCompareQuery, writeCompareQuery } from '@core/compare';
import type { ComparePdfVersion } from '@core/schemas/compare';
import { type CompareColumn, compareColumn, type CompareRow, compareTable } from '@core/compare-table';
import { isCompletedCheck } from '@core/credit-check-filters';
import { hasFeature } from '@core/features';
import { writeDetailUrl } from '@core/offer-detail';
import { sustainabilityFilterOf } from '@core/offer-sustainability';
import { paintedImage } from '@core/paint';
import { ApiError } from '../../api/client';
import { SERVER_ORIGIN } from '../../api/origin';
import { CarPicture } from '../../ui/car-picture';
import { useProfile } from '../../api/profile';
import { useCreditCheck } from '../../credit-check/use-credit-check';
import { it } from '../../i18n/compare';
import { useOnline } from '../../offline/hooks';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { Icon } from '../../ui/icon';
import { IconButton } from '../../ui/icon-button';
import { Button } from '../../ui/button';
import { Segmented } from '../../ui/segmented';
import { type OfferState, useComparedOffers } from './api/get-compared-offers';
import { usePrintCompare } from './api/print-compare';
import { compareStore, useCompareItems } from './selection';
import './compare.css';

const t = it.compare;

/** One column as the page has it: the item, and its column or why there is none. */
type Slot = { item: CompareItem; key: string } & ({ column: CompareColumn; fromDevice: boolean } | { column: null; message: string | null });

const reasonText = { 'not-visible': t.notVisible, offline: t.unavailableOffline, failed: t.loadError } as const;

function slotOf(item: CompareItem, state: OfferState | undefined, ctx: Parameters<typeof compareColumn>[2]): Slot {
  const key = compareItemKey(item);
  if (!state || state.status === 'loading') return { item, key, column: null, message: null };
  if (state.status === 'error') return { item, key, column: null, message: reasonText[state.reason] };
  const result = compareColumn(state.offer, item, ctx);
  return result.ok ? { item, key, column: result.column, fromDevice: !!state.offer.fromDevice } : { item, key, column: null, message: t.noMatch };
}

/**
 * /offers/compare (docs/adr/0143-compare-offers.md): the offers and configurations the agent compares, one column each, rows from
 * core/compare-table.ts (as the PDF), the best value of each row marked in words. It is the device's
 * comparison, or with `?c=…` one a colleague shared: then each offer shows as this agent may see it.
 * Offline it is built from the device (the cached details, else the catalogue copy).
 */
export default function ComparePage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const own = useCompareItems(profile?.id);
  const shared = useMemo(() => (new URLSearchParams(search).has('c') ? readCompareQuery(search) : null), [search]);
  const items = shared ?? own;
  const seller = hasFeature(profile?.features, 'fees-visibility');
  const check = useCreditCheck();
  const completed = isCompletedCheck(check);
  const limits = useMemo(
    () =>
      completed && check.contractualCategory
        ? (sustainabilityFilterOf({ contractualCategory: check.contractualCategory, answers: check.answers })?.limits ?? null)
        : null,
    [completed, check.contractualCategory, check.answers],
  );
  const offers = useComparedOffers(items);
  const slots = items.map((item) => slotOf(item, offers.get(item.code), { check: limits, showFees: seller }));
  const ready = slots.filter((s): s is Slot & { column: CompareColumn } => s.column !== null);
  const rows = compareTable(
    ready.map((s) => s.column),
    { sustainability: limits !== null, commission: seller },
  );
  const online = useOnline();
  const fromDevice = ready.some((s) => 'fromDevice' in s && s.fromDevice);
  const printer = usePrintCompare();
  // The PDF a customer may receive has no commission; the agent's own version is chosen on purpose
  // (docs/adr/0051-comparison-pdf-customer-version.md). Without fees-visibility there is only the customer's.
  const [version, setVersion] = useState<ComparePdfVersion>('cliente');
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null);

  const remove = (key: string) => {
    if (!shared) return void (profile && compareStore.remove(profile.id, key));
    const rest = shared.filter((i) => compareItemKey(i) !== key);
    navigate(links.compare(writeCompareQuery(rest)), { replace: true });
  };
  const print = () =>
    printer.mutate({
      items: ready.map((s) => s.item),
      version: seller ? version : 'cliente',
      ...(limits && check.contractualCategory ? { contractualCategory: check.contractualCategory, answers: check.answers } : {}),
    });
  const share = async () => {
    const url = `${SERVER_ORIGIN || window.location.origin}${links.compare(writeCompareQuery(items))}`;
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      // No clipboard (permissions, an old browser): the link is shown to copy by hand.
    }
    setLink({ url, copied });
  };
  const printError = printer.error instanceof ApiError && printer.error.isUnavailable ? t.printOffline : printer.error ? t.printFailed : null;

  return (
    <AppPage title={t.title} className="compare-page">
      <div className="cmp-head">
        <h1>{t.heading(items.length)}</h1>
        {items.length > 0 && (
          <div className="cmp-actions">
            {seller && (
              <Segmented
                label={t.pdfVersion}
                className="cmp-version-choice"
                value={version}
                onChange={setVersion}
                options={[
                  { value: 'cliente', label: t.pdfForCustomer, testId: 'compare-pdf-customer' },
                  { value: 'agente', label: t.pdfForAgent, testId: 'compare-pdf-agent' },
                ]}
              />
            )}
            <Button onClick={print} disabled={ready.length < 2 || printer.isPending} data-testid="compare-print">
              <Icon slot="start" icon={printOutline} />
              {printer.isPending ? t.printing : t.print}
            </Button>
            <Button fill="outline" onClick={() => void share()} data-testid="compare-share">
              <Icon slot="start" icon={copyOutline} />
              {t.share}
            </Button>
          </div>
        )}
      </div>
      {items.length > 0 && ready.length < 2 && slots.every((s) => s.column || s.message) && (
        <p className="cmp-note" data-testid="compare-print-hint">
          {items.length < 2 ? t.addMore : t.printNeedsTwo}
        </p>
      )}
      {printError && (
        <p className="form-error" role="alert" data-testid="compare-print-error">
          {printError}
        </p>
      )}
      {link && (
        <div className="cmp-share" data-testid="compare-share-panel">
          <p role="status">{link.copied ? t.shareCopied : t.shareManual}</p>
          <input
            className="cmp-share-link"
            readOnly
            value={link.url}
            aria-label={t.shareLink}
            data-testid="compare-share-link"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
      {shared && (
        <div className="cmp-shared" role="status" data-testid="compare-shared">
          <p>{t.shared}</p>
          {profile && (
            <button
              type="button"
              className="compare-link-button"
              onClick={() => {
                compareStore.replace(profile.id, shared);
                navigate(links.compare(), { replace: true });
              }}
            >
              {t.useShared}
            </button>
          )}
        </div>
      )}
      {(fromDevice || !online) && items.length > 0 && (
        <p className="data-age" role="status" data-testid="compare-offline">
          {t.fromDevice}
        </p>
      )}

      {slots.some((s) => !s.column && s.message) && (
        <p className="cmp-note" role="status" data-testid="compare-some-missing">
          {t.someMissing(slots.filter((s) => !s.column && s.message).length)}
        </p>
      )}
      {items.length === 0 ? (
        <div className="cmp-empty" data-testid="compare-empty">
          <p>{t.empty}</p>
          <Link to={links.offers()}>{t.goToOffers}</Link>
        </div>
      ) : (
        <>
          <CompareTable slots={slots} rows={rows} onRemove={remove} />
          <p className="cmp-legend">
            <span className="cmp-best-badge" aria-hidden="true">
              <Icon icon={ribbon} />
              {t.best}
            </span>{' '}
            {t.bestLegend} {t.vatExcluded}
          </p>
        </>
      )}
    </AppPage>
  );
}

function CompareTable({ slots, rows, onRemove }: { slots: Slot[]; rows: CompareRow[]; onRemove: (key: string) => void }) {
  // Row cells belong to the columns that have one; a column without (loading, not visible) spans the rows with its message.
  const indexOf = new Map(slots.filter((s) => s.column).map((s, i) => [s.key, i]));
  return (
    // Focusable so a keyboard can scroll the columns sideways on a phone.
    <div className="cmp-scroll" role="region" aria-label={t.tableLabel} tabIndex={0}>
      <table className="cmp-table" data-testid="compare-table" style={{ ['--cmp-columns' as string]: slots.length }}>
        <thead>
          <tr>
            <th scope="col" className="cmp-corner">
              {t.offer}
            </th>
            {slots.map((s) => (
              <th key={s.key} scope="col" className="cmp-col-head" data-testid="compare-column" data-code={s.item.code}>
                <ColumnHead slot={s} onRemove={onRemove} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={row.id} data-row={row.id}>
              <th scope="row">{row.label}</th>
              {slots.map((s) => {
                const i = indexOf.get(s.key);
                if (i === undefined) {
                  return r === 0 ? (
                    <td
                      key={s.key}
                      rowSpan={rows.length}
                      className="cmp-missing"
                      data-testid={'message' in s && s.message ? 'compare-missing' : 'compare-loading'}
                    >
                      {'message' in s && s.message ? <p role="status">{s.message}</p> : <p>{it.compare.loading}</p>}
                    </td>
                  ) : null;
                }
                const best = row.best[i];
                return (
                  <td key={s.key} className={best ? 'cmp-best' : undefined} data-best={best ? 'true' : undefined}>
                    {best && (
                      <span className="cmp-best-badge">
                        <Icon icon={ribbon} />
                        {t.best}
                      </span>
                    )}
                    {row.cells[i]!.map((line, l) => (
                      <span key={l} className={l === 0 ? 'cmp-line cmp-line--main' : 'cmp-line'}>
                        {line}
                      </span>
                    ))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ColumnHead({ slot, onRemove }: { slot: Slot; onRemove: (key: string) => void }) {
  const { item, column } = slot;
  const name = column ? column.title : item.code;
  const detail = `/offers/${encodeURIComponent(item.code)}?${writeDetailUrl({ ...item, bundle: item.bundle ?? undefined })}`;
  return (
    <div className="cmp-col">
      <IconButton className="cmp-remove" icon={closeOutline} label={t.remove(name)} onClick={() => onRemove(slot.key)} data-testid="compare-remove" />
      {column && <CarPicture src={paintedImage(column.image, column.color)} alt="" width={160} height={80} />}
      <span className="cmp-title">{name}</span>
      {column && <span className="cmp-version">{column.version}</span>}
      <Link to={detail} className="cmp-detail-link">
        {t.openDetail}
        <span className="sr-only"> {name}</span>
      </Link>
    </div>
  );
}
