import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { DEFAULT_DISTANCE } from '@core/catalog';
import type { CatalogOffer, CatalogOfferForm, CatalogOfferInput } from '@core/schemas/catalog';

/**
 * The catalogue offer form's values and its two linked fields (account spec §2 "Catalogue offer edit
 * page", §4), apart from the page that draws it (catalog-edit-page.tsx).
 */

type Form = UseFormReturn<CatalogOfferForm, unknown, CatalogOfferInput>;

export const emptyValues = (): CatalogOfferForm => ({
  car: 0,
  provider: '',
  product: '',
  price: '' as unknown as number,
  deposit: 0,
  // §9: default duration 3 times the minimum... the minimum is not shown; 36 months is the common default.
  duration: 36,
  distance: DEFAULT_DISTANCE,
  unlimitedKm: false,
  deliveryTime: 'entro-30',
  fastDelivery: false,
  right_label: 'privati',
  reference_code: '',
  notes: '',
  private_notes: '',
  services: [],
  potential_profit: '' as unknown as number,
  has_extra_commission: false,
  has_under_commission: false,
  has_over_commission: false,
});

export const COMMISSION_FLAGS = [
  ['has_extra_commission', 'hasExtraCommission'],
  ['has_under_commission', 'hasUnderCommission'],
  ['has_over_commission', 'hasOverCommission'],
] as const;

export const valuesOf = (o: CatalogOffer): CatalogOfferForm => ({
  car: o.car.id,
  provider: o.provider,
  product: o.product,
  price: o.price,
  deposit: o.deposit,
  duration: o.duration,
  distance: o.distance,
  unlimitedKm: o.unlimitedKm,
  deliveryTime: o.deliveryTime,
  fastDelivery: o.fastDelivery,
  right_label: o.right_label,
  reference_code: o.reference_code,
  notes: o.notes,
  private_notes: o.private_notes,
  services: o.services,
  potential_profit: o.potential_profit,
  has_extra_commission: o.has_extra_commission,
  has_under_commission: o.has_under_commission,
  has_over_commission: o.has_over_commission,
});

/** The distance to show when "unlimited km" is turned off again: the last limited one, else the default. */
export const limitedDistance = (previous: number | null | undefined) => (previous && previous > 0 ? previous : DEFAULT_DISTANCE);

/** §4: the unlimited checkbox sets the distance to 0 and restores the previous value when unchecked. */
export function useUnlimitedDistance(form: Form, unlimited: boolean | undefined, offer: CatalogOffer | null) {
  const previousDistance = useRef<number>(limitedDistance(offer?.distance));
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (unlimited) {
      const d = form.getValues('distance');
      if (typeof d === 'number' && d > 0) previousDistance.current = d;
      form.setValue('distance', 0);
    } else form.setValue('distance', previousDistance.current);
  }, [unlimited, form]);
}

/** A product belongs to its provider: changing the provider clears the product and its services. */
export function useProductFollowsProvider(form: Form, provider: string) {
  const shownProvider = useRef(provider);
  useEffect(() => {
    if (shownProvider.current !== provider) {
      shownProvider.current = provider;
      form.setValue('product', '');
      form.setValue('services', []);
    }
  }, [provider, form]);
}
