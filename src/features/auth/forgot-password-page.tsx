import { zodResolver } from '@hookform/resolvers/zod';
import { IonRouterLink } from '../../ui/ionic/router-link';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ForgotPasswordSchema } from '@core/schemas/auth';
import { it } from '../../i18n/auth';
import { paths } from '../../routes';
import { PublicPage } from '../../shell/public-layout';
import { applyServerErrors, FormError, FormSuccess, scrollToFirstError, TextField } from '../../ui/form';
import { forgotPassword } from './api/auth';
import { SubmitButton } from '../../ui/form-base';

type Forgot = z.infer<typeof ForgotPasswordSchema>;

export default function ForgotPasswordPage() {
  const form = useForm<Forgot>({ resolver: zodResolver(ForgotPasswordSchema), defaultValues: { email: '' } });
  const mutation = useMutation({ mutationFn: (v: Forgot) => forgotPassword(v.email), onError: (err) => applyServerErrors(err, form.setError) });
  return (
    <PublicPage title={it.forgot.title}>
      <p>{it.forgot.intro}</p>
      <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v), scrollToFirstError)}>
        <TextField control={form.control} name="email" label={it.login.email} type="email" autocomplete="username" inputmode="email" />
        <FormError error={mutation.error} />
        <FormSuccess message={mutation.data ?? null} />
        <SubmitButton expand="block" disabled={mutation.isPending}>
          {it.forgot.submit}
        </SubmitButton>
      </form>
      <p className="public-links">
        <IonRouterLink routerLink={paths.login}>{it.forgot.backToLogin}</IonRouterLink>
      </p>
    </PublicPage>
  );
}
