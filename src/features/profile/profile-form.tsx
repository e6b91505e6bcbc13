import { zodResolver } from '@hookform/resolvers/zod';

import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { type ProfileUpdate, ProfileUpdateSchema } from '@core/schemas/account';
import type { Profile } from '@core/schemas/auth';
import { it } from '../../i18n/account';
import { applyServerErrors, FormError, FormSuccess, scrollToFirstError, TextField } from '../../ui/form';
import { updateProfile } from './api/account';
import { SubmitButton } from '../../ui/form-base';
import { useWrite } from '../../api/use-write';

export function ProfileForm({ profile }: { profile: Profile }) {
  const form = useForm<ProfileUpdate, unknown, z.output<typeof ProfileUpdateSchema>>({
    resolver: zodResolver(ProfileUpdateSchema),
    defaultValues: {
      business_name: profile.business_name,
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      title: profile.title,
      contact_info: profile.contact_info,
      current_password: '',
    },
  });
  const mutation = useWrite({
    mutationFn: updateProfile,
    onSuccess: () => form.setValue('current_password', ''),
    onError: (err) => applyServerErrors(err, form.setError),
  });
  const f = it.profile.fields;
  // The login email is the key to the account: the server asks for the current password to change it.
  const email = useWatch({ control: form.control, name: 'email' });
  const emailChanged = (email ?? '').trim().toLowerCase() !== profile.email;
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v), scrollToFirstError)} data-testid="profile-form">
      <TextField control={form.control} name="business_name" label={f.business_name} autocomplete="organization" maxlength={160} />
      <TextField control={form.control} name="name" label={f.name} autocomplete="name" maxlength={120} />
      <TextField control={form.control} name="email" label={f.email} type="email" autocomplete="email" inputmode="email" maxlength={254} />
      {emailChanged && (
        <>
          <p className="muted">{it.profile.emailChangeHint}</p>
          <TextField control={form.control} name="current_password" label={f.current_password} type="password" autocomplete="current-password" />
        </>
      )}
      <TextField control={form.control} name="phone" label={f.phone} type="tel" autocomplete="tel" inputmode="tel" maxlength={40} />
      <TextField control={form.control} name="title" label={f.title} maxlength={120} />
      <TextField control={form.control} name="contact_info" label={f.contact_info} maxlength={500} />
      <FormError error={mutation.error} />
      <FormSuccess message={mutation.isSuccess ? it.profile.success : null} />
      <SubmitButton disabled={mutation.isPending}>{it.common.save}</SubmitButton>
    </form>
  );
}
