import { IonRouterLink } from '@ionic/react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { type Login, LoginSchema } from '@core/schemas/auth';
import { startSession } from '../../api/profile';
import { session } from '../../api/session';
import { it } from '../../i18n/it';
import { paths } from '../../routes';
import { PublicPage } from '../../shell/public-layout';
import { applyServerErrors, FormError, scrollToFirstError, TextInput, SubmitButton } from '../../ui/form-base';
import { login } from './api/auth';

type Field = keyof Login;
type Errors = Partial<Record<Field, string>>;

/** LoginSchema's first message per field, as the zod resolver of the other forms gives it. */
function check(values: Login): { data: Login | null; errors: Errors } {
  const result = LoginSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as Field] ??= issue.message;
  return { data: null, errors };
}

/**
 * The first screen: the same schema and fields as every form, without react-hook-form (docs/decisions.md).
 * As there, fields are checked on submit and, after a first submit, again as they change.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Login>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (s) => {
      const user = startSession(s);
      navigate(user.termsAccepted ? paths.home : paths.ssoActivate, { replace: true });
    },
    onError: (err) => applyServerErrors<Field>(err, (field, { message }) => setErrors((e) => ({ ...e, [field]: message }))),
  });
  if (session.isActive() && !mutation.isPending) return <Navigate to={paths.home} replace />;

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      const next = { ...values, [name]: value };
      setValues(next);
      if (submitted) setErrors((e) => ({ ...e, [name]: check(next).errors[name] }));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const { data, errors: found } = check(values);
    setErrors(found);
    if (data) mutation.mutate(data);
    else scrollToFirstError();
  };

  return (
    <PublicPage title={it.login.title}>
      <p className="public-subtitle">{it.login.subtitle}</p>
      <form noValidate onSubmit={submit}>
        <TextInput {...field('email')} label={it.login.email} type="email" autocomplete="username" inputmode="email" />
        <TextInput {...field('password')} label={it.login.password} type="password" autocomplete="current-password" />
        <FormError error={mutation.error} />
        <SubmitButton expand="block" disabled={mutation.isPending}>
          {it.login.submit}
        </SubmitButton>
      </form>
      <p className="public-links">
        <IonRouterLink routerLink={paths.forgotPassword}>{it.login.forgot}</IonRouterLink>
      </p>
    </PublicPage>
  );
}
