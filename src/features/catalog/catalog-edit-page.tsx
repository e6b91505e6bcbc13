import { formatNumber } from '@core/format';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../ui/button';
import { IonCard, IonCardContent, IonCardHeader, IonCardTitle } from '../../ui/ionic/card';
import { Spinner } from '../../ui/spinner';
import { IonToast } from '../../ui/ionic/overlays';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { COMMISSION_BOUNDS, OFFER_BOUNDS } from '@core/catalog';
import { hasFeature } from '@core/features';
import { type Car, type CatalogOffer, type CatalogOfferForm, type CatalogOfferInput, CatalogOfferInputSchema } from '@core/schemas/catalog';
import { COMMISSION_FLAGS, emptyValues, useProductFollowsProvider, useUnlimitedDistance, valuesOf } from './catalog-offer-form';
import { useProfile } from '../../api/profile';
import { it } from '../../i18n/catalog';
import { ApiError } from '../../api/api-error';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { useConfirm } from '../../ui/confirm';
import { applyServerErrors, CheckboxField, FormError, FormSuccess, scrollToFirstError, TextField } from '../../ui/form';
import { SelectField, TextAreaField } from '../../ui/form-fields';
import { NumberField } from '../../ui/number-field';
import {
  brokersQuery,
  catalogOfferQuery,
  cloneOffer,
  createOffer,
  deleteOffer,
  deliveryTimesQuery,
  productsQuery,
  publishOffer,
  updateOffer,
} from './api/catalog';
import { CarSelector } from './components/car-selector';
import { OfflineNotice, useCatalogueOnline } from './components/online-only';
import { ImagesSection } from './components/images-section';
import { ServicesSection } from './components/services-section';
import { VariationsEditor } from './components/variations-editor';
import './catalog.css';
import { SubmitButton } from '../../ui/form-base';
import { useWrite } from '../../api/use-write';

/** /catalog/new and /catalog/{offer}/edit (account spec §2 "Catalogue offer edit page"). */
export default function CatalogEditPage() {
  const { code } = useParams<{ code?: string }>();
  const { data: offer, error, isPending, refetch } = useQuery({ ...catalogOfferQuery(code ?? ''), enabled: !!code });
  const t = it.catalog;
  if (code && isPending)
    return (
      <AppPage title={t.editTitle}>
        <Spinner />
      </AppPage>
    );
  // An offer on screen stays when a refresh fails (offline, server down: the editor says it cannot save).
  // Without one, only the server's refusal (not found, or not this account's) reads as 'not found'; any
  // other failure says what the API client made of it (offline, no answer, server error: api/client.ts).
  if (code && !offer) {
    const refused = error instanceof ApiError && (error.status === 403 || error.status === 404);
    const reason = refused ? t.notFound : error instanceof ApiError ? error.message : it.common.serverError;
    return (
      <AppPage title={t.editTitle}>
        <h1>{t.editTitle}</h1>
        <p role="alert" data-testid={refused ? 'catalog-not-found' : 'catalog-load-error'}>
          {reason}
        </p>
        {!refused && <Button onClick={() => void refetch()}>{it.common.retry}</Button>}
        <Button routerLink={links.catalog()}>{t.title}</Button>
      </AppPage>
    );
  }
  return <Editor key={offer?.code ?? 'new'} offer={offer ?? null} />;
}

function Editor({ offer }: { offer: CatalogOffer | null }) {
  const t = it.catalog;
  const f = t.fields;
  const navigate = useNavigate();
  const online = useCatalogueOnline();
  const { data: profile } = useProfile();
  const canClone = hasFeature(profile?.features, 'clone');
  const canCustomImages = hasFeature(profile?.features, 'car-custom-images');
  const [car, setCar] = useState<Car | null>(offer?.car ?? null);
  const [message, setMessage] = useState<string | null>(null);
  // A clone opens its copy's page, which says so in a toast (the source's code, from the navigation's state).
  const clonedFrom = (useLocation().state as { clonedFrom?: string } | null)?.clonedFrom ?? null;
  const [cloneToast, setCloneToast] = useState(clonedFrom !== null);
  const confirm = useConfirm();
  const form = useForm<CatalogOfferForm, unknown, CatalogOfferInput>({
    resolver: zodResolver(CatalogOfferInputSchema),
    defaultValues: offer ? valuesOf(offer) : emptyValues(),
  });
  const provider = useWatch({ control: form.control, name: 'provider' });
  const product = useWatch({ control: form.control, name: 'product' });
  const unlimited = useWatch({ control: form.control, name: 'unlimitedKm' });
  const brokers = useQuery(brokersQuery);
  const products = useQuery(productsQuery(provider));
  const deliveries = useQuery(deliveryTimesQuery);

  useUnlimitedDistance(form, unlimited, offer);
  useProductFollowsProvider(form, provider);

  const chooseCar = (c: Car | null) => {
    setCar(c);
    form.setValue('car', c?.id ?? 0);
    if (c) form.clearErrors('car');
  };

  const save = useWrite({
    mutationFn: (v: CatalogOfferInput, key) => (offer ? updateOffer(offer.code, v, key) : createOffer(v, key)),
    onSuccess: (saved) => {
      setMessage(t.saved);
      form.reset(valuesOf(saved));
      if (!offer) navigate(links.catalogEdit(saved.code), { replace: true });
    },
    onError: (err) => applyServerErrors(err, form.setError),
  });
  const action = useWrite({
    mutationFn: async (kind: 'publish' | 'unpublish' | 'clone' | 'delete', key) => {
      if (!offer) return;
      setMessage(null);
      if (kind === 'delete') {
        if (!(await confirm.ask(t.confirmDelete))) return;
        await deleteOffer(offer.code, key);
        navigate(links.catalog(), { replace: true });
      } else if (kind === 'clone') {
        const copy = await cloneOffer(offer.code, key);
        navigate(links.catalogEdit(copy.code), { state: { clonedFrom: offer.code } });
      } else {
        await publishOffer(offer.code, kind === 'publish', key);
        setMessage(kind === 'publish' ? t.publishedOk : t.unpublishedOk);
      }
    },
    // Each action is its own intent; a double tap on one is one write.
    sameIntent: (a, b) => a === b,
  });

  const brokerOptions = [{ value: '', label: f.choose }, ...(brokers.data ?? []).map((b) => ({ value: b.code, label: b.name }))];
  const productOptions = [{ value: '', label: f.choose }, ...(products.data ?? []).map((p) => ({ value: p.code, label: p.name }))];
  const deliveryOptions = (deliveries.data ?? []).map((d) => ({ value: d.code, label: d.label }));
  const b = OFFER_BOUNDS;

  return (
    <AppPage title={offer ? t.editTitle : t.newTitle}>
      <div className="team-head">
        <h1>{offer ? t.editTitle : t.newTitle}</h1>
        {offer && (
          <span className={`catalog-status ${offer.published ? 'is-published' : 'is-draft'}`} data-testid="offer-status">
            {offer.published ? t.published : t.draft} · {offer.code}
          </span>
        )}
      </div>
      <OfflineNotice />
      <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v), scrollToFirstError)} className="catalog-form">
        <IonCard>
          <IonCardHeader>
            <IonCardTitle>{t.sections.car}</IonCardTitle>
          </IonCardHeader>
          <IonCardContent>
            <CarSelector car={car} onChange={chooseCar} error={form.formState.errors.car?.message} />
          </IonCardContent>
        </IonCard>

        <IonCard>
          <IonCardHeader>
            <IonCardTitle>{t.sections.images}</IonCardTitle>
          </IonCardHeader>
          <IonCardContent>
            <ImagesSection car={car} offerCode={offer?.code ?? null} canCustom={canCustomImages} />
          </IonCardContent>
        </IonCard>

        <IonCard>
          <IonCardHeader>
            <IonCardTitle>{t.sections.offer}</IonCardTitle>
          </IonCardHeader>
          <IonCardContent>
            <div className="form-grid">
              <SelectField control={form.control} name="provider" label={f.provider} options={brokerOptions} />
              <SelectField control={form.control} name="product" label={f.product} options={productOptions} />
              <NumberField
                control={form.control}
                name="price"
                label={f.price}
                minlength={2}
                maxlength={4}
                helperText={`${formatNumber(b.price.min)}–${formatNumber(b.price.max)}`}
              />
              <NumberField control={form.control} name="deposit" label={f.deposit} minlength={1} maxlength={5} />
              <NumberField control={form.control} name="duration" label={f.duration} minlength={2} maxlength={2} />
              <NumberField control={form.control} name="distance" label={f.distance} maxlength={5} disabled={unlimited} />
              <SelectField control={form.control} name="deliveryTime" label={f.deliveryTime} options={deliveryOptions} />
              <SelectField
                control={form.control}
                name="right_label"
                label={f.rightLabel}
                options={[
                  { value: 'privati', label: t.rightLabels.privati },
                  { value: 'piva', label: t.rightLabels.piva },
                ]}
              />
              <TextField control={form.control} name="reference_code" label={f.referenceCode} maxlength={40} />
            </div>
            <CheckboxField control={form.control} name="unlimitedKm">
              {f.unlimitedKm}
            </CheckboxField>
            <CheckboxField control={form.control} name="fastDelivery">
              {f.fastDelivery}
            </CheckboxField>
            <TextAreaField control={form.control} name="notes" label={f.notes} maxlength={2000} rows={3} />
            <TextAreaField control={form.control} name="private_notes" label={f.privateNotes} maxlength={2000} rows={3} />
          </IonCardContent>
        </IonCard>

        <IonCard>
          <IonCardHeader>
            <IonCardTitle>{t.sections.commission}</IonCardTitle>
          </IonCardHeader>
          <IonCardContent>
            <p className="catalog-hint">{f.commissionIntro}</p>
            <div className="form-grid">
              <NumberField
                control={form.control}
                name="potential_profit"
                label={f.potentialProfit}
                maxlength={5}
                helperText={`${formatNumber(COMMISSION_BOUNDS.potentialProfit.min)}–${formatNumber(COMMISSION_BOUNDS.potentialProfit.max)}`}
              />
            </div>
            {COMMISSION_FLAGS.map(([name, label]) => (
              <CheckboxField key={name} control={form.control} name={name}>
                {f[label]}
              </CheckboxField>
            ))}
          </IonCardContent>
        </IonCard>

        <IonCard>
          <IonCardHeader>
            <IonCardTitle>{t.sections.variations}</IonCardTitle>
          </IonCardHeader>
          <IonCardContent>{offer ? <VariationsEditor offer={offer} /> : <p className="catalog-hint">{t.saveFirst}</p>}</IonCardContent>
        </IonCard>

        <IonCard>
          <IonCardHeader>
            <IonCardTitle>{t.sections.services}</IonCardTitle>
          </IonCardHeader>
          <IonCardContent>
            <Controller
              control={form.control}
              name="services"
              render={({ field }) => (
                <ServicesSection
                  product={product}
                  provider={provider}
                  value={(field.value ?? []).map((c) => ({ id: c.id, price: c.price ?? null, quantity: c.quantity ?? null }))}
                  onChange={field.onChange}
                />
              )}
            />
          </IonCardContent>
        </IonCard>

        <IonCard>
          <IonCardHeader>
            <IonCardTitle>{t.sections.suggestions}</IonCardTitle>
          </IonCardHeader>
          <IonCardContent>
            <ul className="catalog-suggestions">
              {t.suggestions.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </IonCardContent>
        </IonCard>

        <OfflineNotice />
        <FormError error={save.error ?? action.error} />
        <FormSuccess message={message} />
        <div className="catalog-actions catalog-buttons">
          <SubmitButton disabled={!online || save.isPending} data-testid="catalog-save">
            {offer ? t.buttons.save : t.buttons.create}
          </SubmitButton>
          {offer &&
            (offer.published ? (
              <Button fill="outline" disabled={!online || action.isPending} onClick={() => action.mutate('unpublish')}>
                {t.buttons.unpublish}
              </Button>
            ) : (
              <Button color="success" disabled={!online || action.isPending} onClick={() => action.mutate('publish')} data-testid="catalog-publish">
                {t.buttons.publish}
              </Button>
            ))}
          {offer && canClone && (
            <Button fill="outline" disabled={!online || action.isPending} onClick={() => action.mutate('clone')}>
              {t.buttons.clone}
            </Button>
          )}
          {offer && (
            <Button fill="outline" color="danger" disabled={!online || action.isPending} onClick={() => action.mutate('delete')} data-testid="catalog-delete">
              {t.buttons.delete}
            </Button>
          )}
          <Button fill="clear" routerLink={links.catalog()}>
            {t.buttons.cancel}
          </Button>
          {offer && (
            <Button fill="clear" routerLink={links.offerPage(offer.code)}>
              {t.buttons.detail}
            </Button>
          )}
        </div>
      </form>
      {confirm.element}
      {offer && clonedFrom && (
        <IonToast
          isOpen={cloneToast}
          message={t.clonedOk(clonedFrom, offer.code)}
          position="bottom"
          duration={6000}
          onDidDismiss={() => setCloneToast(false)}
          data-testid="clone-toast"
        />
      )}
    </AppPage>
  );
}
