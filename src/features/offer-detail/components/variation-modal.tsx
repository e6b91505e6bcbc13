import { Button } from '../../../ui/button';
import { useEffect, useState } from 'react';
import { formatDistance, formatEuro } from '@core/format';
import { childChoices, nearestChild, type Selection } from '@core/offer-detail';
import type { OfferDetail } from '@core/schemas/offer-detail';
import { it } from '../../../i18n/offer-detail';
import { SideModal } from './side-modal';

const t = it.offerDetail;

export type SelPatch = Pick<Selection, 'duration' | 'deposit' | 'distance' | 'bundle'>;

/** Duration, deposit and km per year; the selects (the change-offer control) only with more than one child offer. */
export function VariationModal({
  open,
  onClose,
  offer,
  sel,
  onApply,
  bundles,
}: {
  open: boolean;
  onClose: () => void;
  offer: OfferDetail;
  sel: Selection;
  onApply: (s: SelPatch) => void;
  bundles: string[];
}) {
  const [draft, setDraft] = useState<SelPatch>(sel);
  // Each opening starts from the current selection.
  useEffect(() => {
    if (open) setDraft({ duration: sel.duration, deposit: sel.deposit, distance: sel.distance, bundle: sel.bundle ?? null });
  }, [open, sel.duration, sel.deposit, sel.distance, sel.bundle]);
  const children = offer.child.data;
  const pick = (field: 'duration' | 'deposit' | 'distance', value: number) => {
    const next = { ...draft, [field]: value };
    const near = nearestChild(children, next, field);
    setDraft(near ? { duration: near.duration, deposit: near.deposit, distance: near.distance, bundle: draft.bundle } : next);
  };
  const select = (field: 'duration' | 'deposit' | 'distance', label: string, show: (n: number) => string) => (
    <label className="od-field">
      <span>{label}</span>
      <select value={draft[field]} onChange={(e) => pick(field, Number(e.target.value))} data-testid={`select-${field}`}>
        {childChoices(children, field).map((n) => (
          <option key={n} value={n}>
            {show(n)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <SideModal open={open} onClose={onClose} title={t.detailsTitle} testId="variation-modal">
      {children.length > 1 ? (
        <>
          {select('duration', t.duration, t.months)}
          {select('deposit', t.deposit, (n) => (n > 0 ? formatEuro(n, { decimals: 0 }) : t.noDeposit))}
          {select('distance', t.distance, formatDistance)}
          {bundles.length > 0 && (
            <label className="od-field">
              <span>{t.bundle}</span>
              <select value={draft.bundle ?? ''} onChange={(e) => setDraft({ ...draft, bundle: e.target.value || null })}>
                <option value="">{t.noBundle}</option>
                {bundles.map((b) => (
                  <option key={b} value={b}>
                    {b}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Button
            expand="block"
            data-testid="apply-variation"
            onClick={() => {
              onApply(draft);
              onClose();
            }}
          >
            {t.changeOffer}
          </Button>
        </>
      ) : (
        <p>
          {t.months(sel.duration)} · {formatDistance(sel.distance)} · {sel.deposit > 0 ? formatEuro(sel.deposit, { decimals: 0 }) : t.noDeposit}
        </p>
      )}
      <p className="od-note">{t.feeMayVary}</p>
    </SideModal>
  );
}
