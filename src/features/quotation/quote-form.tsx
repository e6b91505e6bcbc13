import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import type { CustomerType } from '@core/categories';
import { quoteCategories, quoteFieldsFor, type QuoteFormValues } from '@core/quote-form';
import { SERVER_ERROR } from '@core/validation';
import { ApiError } from '../../api/client';
import { it } from '../../i18n/quotation';
import { applyServerErrors, scrollToFirstError, TextField } from '../../ui/form';
import { SelectField, TextAreaField } from '../../ui/form-fields';
import { SubmitButton } from '../../ui/form-base';

/**
 * §5 "Quote form": the checks of core/schemas/customer.ts (the server's too), each message on its field.
 * The schemas (and zod) load at the first check, not with the form (docs/adr/0116-zod-one-door-not-on-first-screens.md).
 */
const resolver: Resolver<QuoteFormValues> = async (values) => {
  const { QuoteCustomerSchema } = await import('@core/schemas/customer');
  const fields = quoteFieldsFor(values.employee_category);
  const parsed = QuoteCustomerSchema.safeParse({
    ...values,
    vat_number: fields.vat_number ? values.vat_number : '',
    business_name: fields.business_name ? values.business_name : '',
  });
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<QuoteFormValues> = {};
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0]) as keyof QuoteFormValues;
    (errors as Record<string, { type: string; message: string }>)[name] ??= { type: 'validate', message: issue.message };
  }
  return { values: {}, errors };
};

/**
 * The simple quote form ('Salva preventivo', §2): first name, last name, email, phone, fiscal code,
 * postal code, occupation, business name and VAT for business types, free notes. Errors show on blur or
 * submit; a refused submit scrolls to the first error. `onSave` gets the values that passed the checks
 * and throws the server's refusal, shown as an alert with its fields flagged (§8 "Quote save failure").
 */
export function QuoteForm({
  initial,
  offerType,
  submitLabel,
  disabled = false,
  onSave,
  onCancel,
}: {
  initial: QuoteFormValues;
  offerType: CustomerType | null;
  submitLabel: string;
  disabled?: boolean;
  onSave: (values: QuoteFormValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useForm<QuoteFormValues>({ resolver, defaultValues: initial, mode: 'onTouched' });
  const [alert, setAlert] = useState<string | null>(null);
  // react-hook-form's own state: true while onSave's promise runs.
  const sending = form.formState.isSubmitting;
  const q = it.quotation.quote;
  const f = it.quotation.fields;
  const category = form.watch('employee_category');
  const shown = quoteFieldsFor(category);
  const categories = quoteCategories(offerType).map((c) => ({ value: c.value, label: c.label }));
  const locked = disabled || sending;

  return (
    <form
      noValidate
      className="quotation-form quote-form"
      data-testid="quote-form"
      onSubmit={form.handleSubmit(
        async (values) => {
          setAlert(null);
          await onSave(values).catch((err: unknown) => {
            // The server's message for what it refused (4xx), its fields flagged; the generic text otherwise.
            setAlert(err instanceof ApiError && !err.isOffline && err.status < 500 ? err.message : SERVER_ERROR);
            applyServerErrors(err, form.setError);
          });
        },
        () => {
          setAlert(it.common.formErrors);
          scrollToFirstError();
        },
      )}
    >
      {alert && (
        <div className="wizard-alert" role="alert" data-testid="quote-alert">
          <span>{alert}</span>
          <Button size="small" fill="clear" onClick={() => setAlert(null)} aria-label={it.common.close}>
            ×
          </Button>
        </div>
      )}
      <fieldset disabled={locked} className="plain-fieldset">
        <div className="form-grid">
          <TextField control={form.control} name="first_name" label={f.first_name} autocomplete="given-name" maxlength={80} disabled={locked} />
          <TextField control={form.control} name="last_name" label={f.last_name} autocomplete="family-name" maxlength={80} disabled={locked} />
          <TextField
            control={form.control}
            name="email"
            label={f.email}
            type="email"
            inputmode="email"
            autocomplete="email"
            maxlength={254}
            disabled={locked}
          />
          <TextField control={form.control} name="phone" label={f.phone} type="tel" inputmode="tel" autocomplete="tel" maxlength={20} disabled={locked} />
          {/* Room for spaces around a pasted code: the checks trim it (§5 "Quote form"). */}
          <TextField control={form.control} name="fiscal_code" label={f.fiscal_code} maxlength={24} disabled={locked} />
          <TextField control={form.control} name="zip_code" label={f.zip_code} inputmode="numeric" autocomplete="postal-code" maxlength={5} disabled={locked} />
          <SelectField control={form.control} name="employee_category" label={q.occupation} options={categories} />
          {shown.business_name && (
            <TextField
              control={form.control}
              name="business_name"
              label={shown.businessNameRequired ? f.business_name : q.businessNameOptional}
              maxlength={160}
              disabled={locked}
            />
          )}
          {shown.vat_number && <TextField control={form.control} name="vat_number" label={f.vat_number} inputmode="numeric" maxlength={11} disabled={locked} />}
        </div>
        <TextAreaField control={form.control} name="notes" label={f.notes} maxlength={2000} rows={3} />
      </fieldset>
      <div className="wizard-actions">
        {onCancel ? (
          <Button fill="outline" onClick={onCancel} disabled={sending} data-testid="quote-cancel">
            {it.common.cancel}
          </Button>
        ) : (
          <span />
        )}
        <SubmitButton disabled={locked} data-testid="quote-save">
          {sending ? <Spinner name="dots" /> : submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
