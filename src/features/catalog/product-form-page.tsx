import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../ui/button';
import { IonCard, IonCardContent, IonCardHeader, IonCardTitle } from '../../ui/ionic/card';
import { Spinner } from '../../ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { type ProductInput, ProductInputSchema } from '@core/schemas/catalog';
import { it } from '../../i18n/catalog';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { applyServerErrors, FormError, scrollToFirstError, TextField } from '../../ui/form';
import { SelectField, TextAreaField } from '../../ui/form-fields';
import { brokersQuery, productRowQuery, saveProduct } from './api/catalog';
import { OfflineNotice, useCatalogueOnline } from './components/online-only';
import { ProductServicesEditor } from './components/product-services-editor';
import './catalog.css';
import { SubmitButton } from '../../ui/form-base';
import { useWrite } from '../../api/use-write';

/** /products/new and /products/{product}/edit. */
export default function ProductFormPage() {
  const { id } = useParams<{ id?: string }>();
  const productId = id ? Number(id) : null;
  const { data, error } = useQuery({ ...productRowQuery(productId ?? 0), enabled: !!productId });
  const t = it.products;
  return (
    <AppPage title={productId ? t.edit : t.new}>
      <h1>{productId ? t.edit : t.new}</h1>
      <FormError error={error} />
      {productId && !data && !error ? (
        <Spinner />
      ) : (
        !error && (
          <>
            <ProductForm
              id={productId}
              initial={data ? { provider: data.provider, name: data.name, description: data.description } : { provider: '', name: '', description: '' }}
            />
            <IonCard>
              <IonCardHeader>
                <IonCardTitle>{t.services.title}</IonCardTitle>
              </IonCardHeader>
              <IonCardContent>
                {productId ? <ProductServicesEditor productId={productId} /> : <p className="catalog-hint">{t.services.saveFirst}</p>}
              </IonCardContent>
            </IonCard>
          </>
        )
      )}
    </AppPage>
  );
}

function ProductForm({ id, initial }: { id: number | null; initial: ProductInput }) {
  const navigate = useNavigate();
  const online = useCatalogueOnline();
  const brokers = useQuery(brokersQuery);
  const form = useForm<z.input<typeof ProductInputSchema>, unknown, ProductInput>({ resolver: zodResolver(ProductInputSchema), defaultValues: initial });
  const mutation = useWrite({
    mutationFn: (v: ProductInput, key) => saveProduct(id, v, key),
    onSuccess: () => navigate(links.products(), { replace: true }),
    onError: (err) => applyServerErrors(err, form.setError),
  });
  const options = [{ value: '', label: it.catalog.fields.choose }, ...(brokers.data ?? []).map((b) => ({ value: b.code, label: b.name }))];
  return (
    <IonCard>
      <IonCardContent>
        <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v), scrollToFirstError)}>
          <SelectField control={form.control} name="provider" label={it.products.provider} options={options} />
          <TextField control={form.control} name="name" label={it.products.name} maxlength={120} />
          <TextAreaField control={form.control} name="description" label={it.products.description} maxlength={1000} rows={3} />
          <OfflineNotice />
          <FormError error={mutation.error} />
          <SubmitButton disabled={!online || mutation.isPending}>{it.common.save}</SubmitButton>
          <Button fill="clear" routerLink={links.products()}>
            {it.common.cancel}
          </Button>
        </form>
      </IonCardContent>
    </IonCard>
  );
}
