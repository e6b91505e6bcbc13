import { zodResolver } from '@hookform/resolvers/zod';

import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { type Activate, ActivateSchema } from '@core/schemas/auth';
import { startSession } from '../../api/profile';
import { it } from '../../i18n/auth';
import { links, paths } from '../../routes';
import { LoadingPage } from '../../shell/guards';
import { PublicPage } from '../../shell/public-layout';
import { applyServerErrors, CheckboxField, FormError, scrollToFirstError, TextField } from '../../ui/form';
import { activate, checkActivation } from './api/auth';
import { SubmitButton } from '../../ui/form-base';

export default function ActivatePage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const check = useQuery({ queryKey: ['activation', token], queryFn: () => checkActivation(token), retry: false, gcTime: 0 });
  const form = useForm<Activate>({
    resolver: zodResolver(ActivateSchema),
    defaultValues: { token, password: '', confirm_password: '', terms: false as unknown as true },
  });
  const mutation = useMutation({
    mutationFn: activate,
    onSuccess: (s) => {
      startSession(s);
      navigate(paths.home, { replace: true });
    },
    onError: (err) => applyServerErrors(err, form.setError),
  });
  // The spec: an invalid activation token goes to /login.
  if (check.isError) return <Navigate to={paths.login} replace />;
  if (!check.data) return <LoadingPage />;
  return (
    <PublicPage title={it.activate.title}>
      <p>{it.activate.intro}</p>
      <p>
        <strong>{check.data.email}</strong>
      </p>
      <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v), scrollToFirstError)}>
        <TextField control={form.control} name="password" label={it.activate.password} type="password" autocomplete="new-password" />
        <TextField control={form.control} name="confirm_password" label={it.activate.confirm} type="password" autocomplete="new-password" />
        <CheckboxField control={form.control} name="terms">
          {it.activate.terms} (
          <a href={links.legal('termini-e-condizioni')} target="_blank" rel="noopener">
            PDF
          </a>
          )
        </CheckboxField>
        <FormError error={mutation.error} />
        <SubmitButton expand="block" disabled={mutation.isPending}>
          {it.activate.submit}
        </SubmitButton>
      </form>
    </PublicPage>
  );
}
