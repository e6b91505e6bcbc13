import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../ui/button';
import { IonCard, IonCardContent } from '../../ui/ionic/card';
import { Spinner } from '../../ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { type ProviderInput, ProviderInputSchema } from '@core/schemas/catalog';
import { it } from '../../i18n/catalog';
import { links } from '../../routes';
import { AppPage } from '../../shell/layout';
import { applyServerErrors, FormError, scrollToFirstError, TextField } from '../../ui/form';
import { providerQuery, saveProvider } from './api/catalog';
import { OfflineNotice, useCatalogueOnline } from './components/online-only';
import { SubmitButton } from '../../ui/form-base';
import { useWrite } from '../../api/use-write';

/** /providers/new and /providers/{provider}/edit. */
export default function ProviderFormPage() {
  const { id } = useParams<{ id?: string }>();
  const providerId = id ? Number(id) : null;
  const { data, error } = useQuery({ ...providerQuery(providerId ?? 0), enabled: !!providerId });
  const t = it.providers;
  return (
    <AppPage title={providerId ? t.edit : t.new}>
      <h1>{providerId ? t.edit : t.new}</h1>
      <FormError error={error} />
      {providerId && !data && !error ? (
        <Spinner />
      ) : (
        !error && <ProviderForm id={providerId} initial={data ? { name: data.name, logo: data.logo } : { name: '', logo: null }} />
      )}
    </AppPage>
  );
}

function ProviderForm({ id, initial }: { id: number | null; initial: ProviderInput }) {
  const navigate = useNavigate();
  const online = useCatalogueOnline();
  const form = useForm<z.input<typeof ProviderInputSchema>, unknown, ProviderInput>({ resolver: zodResolver(ProviderInputSchema), defaultValues: initial });
  const mutation = useWrite({
    mutationFn: (v: ProviderInput, key) => saveProvider(id, { ...v, logo: v.logo || null }, key),
    onSuccess: () => navigate(links.providers(), { replace: true }),
    onError: (err) => applyServerErrors(err, form.setError),
  });
  return (
    <IonCard>
      <IonCardContent>
        <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v), scrollToFirstError)}>
          <TextField control={form.control} name="name" label={it.providers.name} maxlength={80} />
          <TextField control={form.control} name="logo" label={it.providers.logo} maxlength={300} />
          <OfflineNotice />
          <FormError error={mutation.error} />
          <SubmitButton disabled={!online || mutation.isPending}>{it.common.save}</SubmitButton>
          <Button fill="clear" routerLink={links.providers()}>
            {it.common.cancel}
          </Button>
        </form>
      </IonCardContent>
    </IonCard>
  );
}
