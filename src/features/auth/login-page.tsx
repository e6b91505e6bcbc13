import { zodResolver } from '@hookform/resolvers/zod';
import { IonButton, IonRouterLink } from '@ionic/react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { type Login, LoginSchema } from '@core/schemas/auth';
import { startSession } from '../../api/profile';
import { session } from '../../api/session';
import { it } from '../../i18n/it';
import { paths } from '../../routes';
import { PublicPage } from '../../shell/public-layout';
import { applyServerErrors, FormError, scrollToFirstError, TextField } from '../../ui/form';
import { login } from './api/auth';

export default function LoginPage() {
  const navigate = useNavigate();
  const form = useForm<Login>({ resolver: zodResolver(LoginSchema), defaultValues: { email: '', password: '' } });
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (s) => {
      const user = startSession(s);
      navigate(user.termsAccepted ? paths.home : paths.ssoActivate, { replace: true });
    },
    onError: (err) => applyServerErrors(err, form.setError),
  });
  if (session.isActive() && !mutation.isPending) return <Navigate to={paths.home} replace />;
  return (
    <PublicPage title={it.login.title}>
      <p className="public-subtitle">{it.login.subtitle}</p>
      <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v), scrollToFirstError)}>
        <TextField control={form.control} name="email" label={it.login.email} type="email" autocomplete="username" inputmode="email" />
        <TextField control={form.control} name="password" label={it.login.password} type="password" autocomplete="current-password" />
        <FormError error={mutation.error} />
        <IonButton type="submit" expand="block" disabled={mutation.isPending}>
          {it.login.submit}
        </IonButton>
      </form>
      <p className="public-links">
        <IonRouterLink routerLink={paths.forgotPassword}>{it.login.forgot}</IonRouterLink>
      </p>
    </PublicPage>
  );
}
