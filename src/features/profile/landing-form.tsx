import { zodResolver } from '@hookform/resolvers/zod';
import { Spinner } from '../../ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type LandingPage, LandingPageSchema } from '@core/schemas/account';
import type { Profile } from '@core/schemas/auth';
import { API_BASE } from '../../api/client';
import { SERVER_ORIGIN } from '../../api/origin';
import { it } from '../../i18n/account';
import { applyServerErrors, CheckboxField, FormError, FormSuccess, scrollToFirstError, TextField } from '../../ui/form';
import { TextAreaField } from '../../ui/form-fields';
import { landingQuery, saveLanding } from './api/account';
import { SubmitButton } from '../../ui/form-base';
import { useWrite } from '../../api/use-write';

export function LandingTab({ profile }: { profile: Profile }) {
  const { data } = useQuery(landingQuery);
  if (!data) return <Spinner />;
  return <LandingForm initial={data} code={profile.code} />;
}

function LandingForm({ initial, code }: { initial: LandingPage; code: string }) {
  const form = useForm<LandingPage, unknown, z.output<typeof LandingPageSchema>>({ resolver: zodResolver(LandingPageSchema), defaultValues: initial });
  const mutation = useWrite({ mutationFn: saveLanding, onError: (err) => applyServerErrors(err, form.setError) });
  const t = it.profile.landing;
  const publicUrl = `${SERVER_ORIGIN || window.location.origin}${API_BASE}/landing/${code}`;
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v), scrollToFirstError)} data-testid="landing-form">
      <p>{t.intro}</p>
      <CheckboxField control={form.control} name="enabled">
        {t.enabled}
      </CheckboxField>
      <TextField control={form.control} name="title" label={t.title} maxlength={120} />
      <TextAreaField control={form.control} name="intro" label={t.text} maxlength={2000} />
      <TextField control={form.control} name="contact_email" label={t.contact_email} type="email" inputmode="email" />
      <TextField control={form.control} name="contact_phone" label={t.contact_phone} type="tel" inputmode="tel" />
      {mutation.data?.enabled && (
        <p className="muted">
          {t.publicAddress}: <code>{publicUrl}</code>
        </p>
      )}
      <FormError error={mutation.error} />
      <FormSuccess message={mutation.isSuccess ? it.profile.success : null} />
      <SubmitButton disabled={mutation.isPending}>{it.common.save}</SubmitButton>
    </form>
  );
}
