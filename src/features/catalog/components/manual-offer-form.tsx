import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DEFAULT_DISTANCE, REQUEST_VEHICLE_TYPES } from '@core/catalog';
import { hasFeature } from '@core/features';
import { type OfferRequestForm, type OfferRequestInput, OfferRequestInputSchema } from '@core/schemas/catalog';
import { useProfile } from '../../../api/profile';
import { it } from '../../../i18n/catalog';
import { applyServerErrors, FormError, FormSuccess, scrollToFirstError, TextField } from '../../../ui/form';
import { SelectField, TextAreaField } from '../../../ui/form-fields';
import { NumberField } from '../../../ui/number-field';
import { brandsQuery, createOfferRequest, modelsQuery, servicesQuery, versionsQuery } from '../api/catalog';
import '../catalog.css';
import { SubmitButton } from '../../../ui/form-base';
import { links } from '../../../routes';
import { useWrite } from '../../../api/use-write';

const defaults: OfferRequestForm = {
  vehicleType: 'auto',
  brand: '',
  model: '',
  version: '',
  car: null,
  duration: 36,
  distance: DEFAULT_DISTANCE,
  deposit: 0,
  services: [],
  notes: '',
};

/**
 * The manual offer form (account spec §2, §5): vehicleType, brand, model, version
 * (dynamic selectors for cars, free text for the other types), duration, distance, deposit,
 * services, notes. Brand, model, version, duration, distance and deposit are required. Used by
 * /offer/request and, through a slot composed in App.tsx, by the quotation flow.
 */
export function ManualOfferForm() {
  const t = it.offerRequest;
  const [sent, setSent] = useState(false);
  const form = useForm<OfferRequestForm, unknown, OfferRequestInput>({ resolver: zodResolver(OfferRequestInputSchema), defaultValues: defaults });
  const vehicleType = useWatch({ control: form.control, name: 'vehicleType' });
  const brandName = useWatch({ control: form.control, name: 'brand' });
  const modelName = useWatch({ control: form.control, name: 'model' });
  const dynamic = vehicleType === 'auto';
  const brands = useQuery({ ...brandsQuery, enabled: dynamic });
  const brand = brands.data?.find((b) => b.name === brandName);
  const models = useQuery({ ...modelsQuery(brand?.code ?? '', 'auto'), enabled: dynamic && !!brand });
  const model = models.data?.find((m) => m.name === modelName);
  const versions = useQuery({ ...versionsQuery(brand?.code ?? '', model?.code ?? '', 'auto'), enabled: dynamic && !!brand && !!model });
  const services = useQuery(servicesQuery);
  const mutation = useWrite({
    mutationFn: createOfferRequest,
    onSuccess: () => {
      setSent(true);
      form.reset(defaults);
    },
    onError: (err) => applyServerErrors(err, form.setError),
  });
  const choose = it.catalog.fields.choose;
  const opts = (list: string[] | undefined) => [{ value: '', label: choose }, ...(list ?? []).map((v) => ({ value: v, label: v }))];

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((v) => mutation.mutate(v), scrollToFirstError)}
      onChange={() => setSent(false)}
      data-testid="manual-offer-form"
    >
      <SelectField
        control={form.control}
        name="vehicleType"
        label={t.vehicleType}
        options={REQUEST_VEHICLE_TYPES.map((v) => ({ value: v, label: t.types[v] ?? v }))}
      />
      <div className="form-grid">
        {dynamic ? (
          <>
            <SelectField
              control={form.control}
              name="brand"
              label={t.brand}
              options={opts(brands.data?.filter((b) => b.vehicleTypes.includes('auto')).map((b) => b.name))}
            />
            <SelectField control={form.control} name="model" label={t.model} options={opts(models.data?.map((m) => m.name))} />
            <SelectField control={form.control} name="version" label={t.version} options={opts(versions.data?.map((v) => v.name))} />
          </>
        ) : (
          <>
            <TextField control={form.control} name="brand" label={t.brand} maxlength={60} />
            <TextField control={form.control} name="model" label={t.model} maxlength={80} />
            <TextField control={form.control} name="version" label={t.version} maxlength={120} />
          </>
        )}
        <NumberField control={form.control} name="duration" label={t.duration} maxlength={2} />
        <NumberField control={form.control} name="distance" label={t.distance} maxlength={5} />
        <NumberField control={form.control} name="deposit" label={t.deposit} maxlength={6} />
      </div>
      <Controller
        control={form.control}
        name="services"
        render={({ field }) => (
          <fieldset className="checkbox-list">
            <legend>{t.services}</legend>
            {services.data?.map((s) => {
              const list = field.value ?? [];
              return (
                <label key={s.slug}>
                  <input
                    type="checkbox"
                    checked={list.includes(s.slug)}
                    onChange={(e) => field.onChange(e.target.checked ? [...list, s.slug] : list.filter((x) => x !== s.slug))}
                  />
                  {s.name}
                </label>
              );
            })}
          </fieldset>
        )}
      />
      <TextAreaField control={form.control} name="notes" label={t.notes} maxlength={2000} rows={3} />
      <FormError error={mutation.error} />
      <FormSuccess message={sent ? t.sent : null} />
      {/* What happens next (docs/adr/0135-requests-for-unlisted-cars.md): the request is followed in its own list, and the offer, once made, is among the offers. */}
      {sent && (
        <p className="manual-offer-next" data-testid="manual-offer-next">
          {t.next}{' '}
          {mutation.data ? <Link to={links.offerRequestDetail(mutation.data.id)}>{t.seeRequest}</Link> : <Link to={links.offerRequest()}>{t.seeRequests}</Link>}
        </p>
      )}
      <SubmitButton disabled={mutation.isPending}>{t.send}</SubmitButton>
    </form>
  );
}

/** The quotation flow's slot: the manual offer form for a car that is not listed (feature offer-request). */
export function ManualOfferPanel() {
  const { data: profile } = useProfile();
  if (!hasFeature(profile?.features, 'offer-request')) return null;
  return (
    <section className="manual-offer" data-testid="manual-offer">
      <h2>{it.offerRequest.inQuotationTitle}</h2>
      <p>{it.offerRequest.intro}</p>
      <ManualOfferForm />
    </section>
  );
}
