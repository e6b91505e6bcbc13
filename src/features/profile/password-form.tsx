import { zodResolver } from '@hookform/resolvers/zod';

import { useForm } from 'react-hook-form';
import { type PasswordChange, PasswordChangeSchema } from '@core/schemas/account';
import { it } from '../../i18n/account';
import { applyServerErrors, FormError, FormSuccess, scrollToFirstError, TextField } from '../../ui/form';
import { changePassword } from './api/account';
import { SubmitButton } from '../../ui/form-base';
import { useWrite } from '../../api/use-write';

export function PasswordForm() {
  const form = useForm<PasswordChange>({
    resolver: zodResolver(PasswordChangeSchema),
    defaultValues: { password: '', new_password: '', confirm_password: '' },
  });
  const mutation = useWrite({
    mutationFn: changePassword,
    onSuccess: () => form.reset(),
    onError: (err) => applyServerErrors(err, form.setError),
  });
  const t = it.profile.password;
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v), scrollToFirstError)} data-testid="password-form">
      <p className="muted">{t.hint}</p>
      <TextField control={form.control} name="password" label={t.current} type="password" autocomplete="current-password" />
      <TextField control={form.control} name="new_password" label={t.next} type="password" autocomplete="new-password" />
      <TextField control={form.control} name="confirm_password" label={t.confirm} type="password" autocomplete="new-password" />
      <FormError error={mutation.error} />
      <FormSuccess message={mutation.isSuccess ? it.profile.success : null} />
      <SubmitButton disabled={mutation.isPending}>{t.submit}</SubmitButton>
    </form>
  );
}
