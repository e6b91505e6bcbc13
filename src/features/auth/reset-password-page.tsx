import { zodResolver } from '@hookform/resolvers/zod';
import { IonRouterLink } from '../../ui/ionic/router-link';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { type ResetPassword, ResetPasswordSchema } from '@core/schemas/auth';
import { it } from '../../i18n/auth';
import { paths } from '../../routes';
import { PublicPage } from '../../shell/public-layout';
import { applyServerErrors, FormError, FormSuccess, scrollToFirstError, TextField } from '../../ui/form';
import { resetPassword } from './api/auth';
import { SubmitButton } from '../../ui/form-base';

export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const form = useForm<ResetPassword>({ resolver: zodResolver(ResetPasswordSchema), defaultValues: { token, password: '', confirm_password: '' } });
  const mutation = useMutation({ mutationFn: resetPassword, onError: (err) => applyServerErrors(err, form.setError) });
  return (
    <PublicPage title={it.reset.title}>
      <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v), scrollToFirstError)}>
        <TextField control={form.control} name="password" label={it.reset.password} type="password" autocomplete="new-password" disabled={mutation.isSuccess} />
        <TextField
          control={form.control}
          name="confirm_password"
          label={it.reset.confirm}
          type="password"
          autocomplete="new-password"
          disabled={mutation.isSuccess}
        />
        <FormError error={mutation.error} />
        <FormSuccess message={mutation.data ?? null} />
        {!mutation.isSuccess && (
          <SubmitButton expand="block" disabled={mutation.isPending}>
            {it.reset.submit}
          </SubmitButton>
        )}
      </form>
      <p className="public-links">
        <IonRouterLink routerLink={paths.login}>{it.forgot.backToLogin}</IonRouterLink>
      </p>
    </PublicPage>
  );
}
