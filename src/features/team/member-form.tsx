import { zodResolver } from '@hookform/resolvers/zod';

import { useForm, useWatch } from 'react-hook-form';
import { FEE_TYPES, type MemberInput, MemberInputSchema, type MemberValues, type TeamMember } from '@core/schemas/account';
import { it } from '../../i18n/account';
import { applyServerErrors, FormError, scrollToFirstError, TextField } from '../../ui/form';
import { SelectField } from '../../ui/form-fields';
import { createMember, updateMember } from './api/team';
import { SubmitButton } from '../../ui/form-base';
import { useWrite } from '../../api/use-write';

/** Members a member may be placed under: not itself, not one of its own sub-agents. */
function parentChoices(members: TeamMember[], editing: TeamMember | null) {
  if (!editing) return members;
  const excluded = new Set<number>([editing.id]);
  for (const m of members) if (m.parent_id !== null && excluded.has(m.parent_id)) excluded.add(m.id); // tree order: parents come first
  return members.filter((m) => !excluded.has(m.id));
}

export function MemberForm({
  members,
  editing,
  leaderId,
  fixedAllowed,
  onDone,
}: {
  members: TeamMember[];
  editing: TeamMember | null;
  leaderId: number;
  fixedAllowed: boolean;
  onDone: (message: string) => void;
}) {
  const form = useForm<MemberInput, unknown, MemberValues>({
    resolver: zodResolver(MemberInputSchema),
    defaultValues: editing
      ? {
          business_name: editing.business_name,
          name: editing.name,
          title: editing.title,
          email: editing.email,
          phone: editing.phone,
          fee_type: editing.fee_type,
          fee_value: editing.fee_value,
          parent_id: editing.parent_id === leaderId ? null : editing.parent_id,
        }
      : { business_name: '', name: '', title: '', email: '', phone: '', fee_type: 'FLAT_PERCENTAGE', fee_value: '', parent_id: null },
  });
  const feeType = useWatch({ control: form.control, name: 'fee_type' });
  const mutation = useWrite({
    mutationFn: (v: MemberValues, key) => {
      if (!editing) return createMember(v, key);
      const parentBefore = editing.parent_id === leaderId ? null : editing.parent_id;
      return updateMember(editing.code, v, parentBefore !== v.parent_id, key);
    },
    onSuccess: () => onDone(editing ? it.team.updated : it.team.created),
    onError: (err) => applyServerErrors(err, form.setError),
  });
  const t = it.team;
  const feeTypes = FEE_TYPES.filter((f) => f !== 'FIXED_VALUE' || fixedAllowed || editing?.fee_type === 'FIXED_VALUE');
  return (
    <form noValidate onSubmit={form.handleSubmit((v) => mutation.mutate(v), scrollToFirstError)} data-testid="member-form">
      <TextField control={form.control} name="business_name" label={it.profile.fields.business_name} maxlength={160} />
      <TextField control={form.control} name="name" label={it.profile.fields.name} maxlength={120} />
      <TextField control={form.control} name="title" label={it.profile.fields.title} maxlength={120} />
      <TextField control={form.control} name="email" label={it.profile.fields.email} type="email" inputmode="email" maxlength={254} />
      <TextField control={form.control} name="phone" label={it.profile.fields.phone} type="tel" inputmode="tel" maxlength={40} />
      <SelectField
        control={form.control}
        name="parent_id"
        label={t.parent}
        options={[{ value: null, label: t.none }, ...parentChoices(members, editing).map((m) => ({ value: m.id, label: m.business_name || m.name }))]}
      />
      <SelectField control={form.control} name="fee_type" label={t.feeType} options={feeTypes.map((f) => ({ value: f, label: t.feeTypes[f] ?? f }))} />
      <TextField control={form.control} name="fee_value" label={`${t.feeValue} (${t.unit(feeType ?? '')})`} type="number" inputmode="decimal" />
      <FormError error={mutation.error} />
      <SubmitButton disabled={mutation.isPending}>{it.common.save}</SubmitButton>
    </form>
  );
}
