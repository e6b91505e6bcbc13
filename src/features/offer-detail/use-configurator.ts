import { useEffect, useMemo, useState } from 'react';
import { applyCommission, commissionBounds, type CommissionResult, feesWithResult, rateBoundsForCommission } from '@core/pricing';
import { toEuros } from '@core/money';
import { configure, DEBOUNCE, LAST_CONFIGURED_OFFER_KEY, type LastConfiguredOffer, readDetailUrl, type Selection, writeDetailUrl } from '@core/offer-detail';
import { findChildOffer } from '@core/pricing';
import { sustainabilityIndex, type Sustainability } from '@core/sustainability';
import type { OfferDetail } from '@core/schemas/offer-detail';
import { useDebounced } from '../../ui/use-debounced';

/** What a credit check tells the detail (core/sustainability.ts input); null when none was run. */
export interface CreditLimits {
  monthlyRateMax: number | null;
  thresholdMonthlyRateMax: number | null;
  depositRequired: boolean | null;
}

/**
 * The configurator's state: the selection (restored from the address, kept in it), the rate
 * computed by core/offer-detail.ts, the commission and the affordability, with the spec's timings.
 */
export function useConfigurator(offer: OfferDetail, search: string, showFees: boolean, limits: CreditLimits | null) {
  const fromUrl = useMemo(() => readDetailUrl(search), [search]);
  // The variation of the address (else the offer's), from the first render: the page mounts with its offer
  // (offer-detail-page.tsx), so its first render is the configured page, not a loading one replaced by it.
  const [sel, setSel] = useState<Selection>(() => ({
    duration: fromUrl.duration ?? offer.duration,
    deposit: fromUrl.deposit ?? offer.deposit,
    distance: fromUrl.distance ?? offer.distance,
    bundle: fromUrl.bundle ?? offer.bundle,
    accessories: [],
    colors: [],
    services: {},
  }));
  const [commission, setCommission] = useState<number | null>(null);
  const [override, setOverride] = useState<number | null>(null);

  // The address's options, preselected 100 ms after the first render (the spec); an address without
  // options has nothing to preselect, and no render to spend on it.
  useEffect(() => {
    const valid = (codes: string[], list: { code: string }[]) => codes.filter((c) => list.some((x) => x.code === c));
    const accessories = valid(fromUrl.accessories, offer.optionalAccessories);
    const colors = valid(fromUrl.colors, offer.colors).slice(0, 1);
    if (!accessories.length && !colors.length) return;
    const id = setTimeout(() => setSel((s) => ({ ...s, accessories, colors })), DEBOUNCE.preselect);
    return () => clearTimeout(id);
    // Once, when the page opens: a later change of the address is the page's own (replaceState below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const expired =
    fromUrl.duration !== undefined &&
    fromUrl.deposit !== undefined &&
    fromUrl.distance !== undefined &&
    !findChildOffer(offer.child.data, { duration: fromUrl.duration, deposit: fromUrl.deposit, distance: fromUrl.distance, bundle: fromUrl.bundle ?? null });

  const configured = useMemo(
    () =>
      configure({ tag: offer.tag, children: offer.child.data, accessories: offer.optionalAccessories, colors: offer.colors, services: offer.services }, sel),
    [offer, sel],
  );
  const child = configured.ok ? configured.child : null;
  const baseTotal = configured.ok ? configured.rate.total : null;

  // A new variation resets the commission (the spec: "on a match ... fees are reset").
  useEffect(() => {
    setCommission(null);
    setOverride(null);
  }, [child?.ref]);

  const debouncedOverride = useDebounced(override, DEBOUNCE.override);
  const flags = {
    has_extra_commission: offer.has_extra_commission,
    has_under_commission: offer.has_under_commission,
    has_over_commission: offer.has_over_commission,
  };
  const commissionOn = showFees && !!offer.fees && baseTotal !== null && baseTotal > 0 && !!child;
  const commissionResult: CommissionResult | null = useMemo(() => {
    if (!commissionOn || !offer.fees || !child || baseTotal === null) return null;
    return applyCommission(
      offer.fees,
      flags,
      { commission, overrideMonthlyRate: debouncedOverride },
      { durationMonths: child.duration, baseMonthlyRate: baseTotal },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [commissionOn, offer, child, baseTotal, commission, debouncedOverride]);
  const bounds = useMemo(() => {
    if (!commissionOn || !offer.fees || !child || baseTotal === null) return null;
    return {
      commission: commissionBounds(offer.fees, flags),
      rate: rateBoundsForCommission(offer.fees, flags, { durationMonths: child.duration, baseMonthlyRate: baseTotal }),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [commissionOn, offer, child, baseTotal]);

  const totalCents = commissionResult?.monthlyRate ?? baseTotal;
  // The spec's timings: the final rate settles 100 ms after a change, the affordability 200 ms.
  const finalRate = useDebounced(totalCents === null ? null : toEuros(totalCents), DEBOUNCE.finalRate);
  const affordabilityInput = useDebounced({ rate: finalRate, deposit: child?.deposit ?? 0 }, DEBOUNCE.affordability);
  const sustainability: Sustainability | null = useMemo(
    () =>
      limits && affordabilityInput.rate !== null
        ? sustainabilityIndex({
            monthlyRate: affordabilityInput.rate,
            deposit: affordabilityInput.deposit,
            monthlyRateMax: limits.monthlyRateMax,
            thresholdMonthlyRateMax: limits.thresholdMonthlyRateMax,
            depositRequired: limits.depositRequired,
          })
        : null,
    [limits, affordabilityInput],
  );

  // The address mirrors the configuration (replaceState, as the offers screen: no remount).
  useEffect(() => {
    const query = writeDetailUrl({
      duration: sel.duration,
      deposit: sel.deposit,
      distance: sel.distance,
      bundle: sel.bundle ?? undefined,
      accessories: [...sel.accessories],
      colors: [...sel.colors],
    });
    const url = `${window.location.pathname}?${query}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', url);
  }, [sel]);

  // The last configuration, for the quotation wizard and the credit check (spec §2).
  useEffect(() => {
    if (!child || finalRate === null) return;
    const last: LastConfiguredOffer = {
      offer: child.ref,
      code: offer.code,
      price: finalRate,
      accessories: offer.optionalAccessories.map(({ code, price }) => ({ code, price })),
      selectedAccessories: [...sel.accessories],
      colors: offer.colors.map(({ code, price }) => ({ code, price })),
      selectedColors: [...sel.colors],
      selectedServices: { ...sel.services },
      equippedOptionals: offer.equippedOptionals,
      fees: offer.fees && commissionResult ? feesWithResult(offer.fees, commissionResult) : (offer.fees ?? null),
      duration: child.duration,
      deposit: child.deposit,
      distance: child.distance,
      bundle: child.bundle,
    };
    try {
      localStorage.setItem(LAST_CONFIGURED_OFFER_KEY, JSON.stringify(last));
    } catch {
      // Storage full or disabled: the configuration still lives in the address.
    }
  }, [offer, sel, child, finalRate, commissionResult]);

  return {
    sel,
    setSel: (update: (s: Selection) => Selection) => setSel(update),
    configured,
    child,
    expired,
    finalRate,
    liveRate: totalCents === null ? null : toEuros(totalCents),
    commissionOn,
    commissionResult,
    bounds,
    commission,
    setCommission: (euros: number | null) => {
      setOverride(null);
      setCommission(euros);
    },
    override,
    setOverride: (euros: number | null) => {
      setCommission(null);
      setOverride(euros);
    },
    sustainability,
  };
}
