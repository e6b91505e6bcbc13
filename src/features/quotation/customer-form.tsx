import { Button } from '../../ui/button';
import { Note } from '../../ui/text';
import { memo, useEffect, useState } from 'react';
import { type Control, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { categoriesFor, type CustomerType } from '@core/categories';
import { it } from '../../i18n/quotation';
import { CheckboxField, scrollToFirstError, TextField } from '../../ui/form';
import { SelectField, TextAreaField } from '../../ui/form-fields';
import { lookupCustomer } from './api/quotations';
import { SubmitButton, TextInput } from '../../ui/form-base';
import { Segmented } from '../../ui/segmented';
import { breakpoints } from '../../ui/breakpoints';
import { useLater } from '../../ui/use-staggered';
import { useConfirm } from '../../ui/confirm';
import { TesseraScan } from './scan/tessera-scan';
import {
  afterFailedLookup,
  customerErrors,
  type CustomerValues,
  defaultCategory,
  emptyCustomer,
  fiscalCodeEntry,
  fromCustomer,
  startTypeOf,
  switchNeedsConfirm,
  vatEntry,
} from './customer-rules';

export { type CustomerValues, emptyCustomer, hasTypedData } from './customer-rules';

const f = it.quotation.fields;

/**
 * The spec's checks (core/schemas/customer.ts) plus completeness and consent (§5 "Proposal customer step").
 * The schemas (and zod) load at the first check, not with the step (docs/adr/0116-zod-one-door-not-on-first-screens.md).
 */
const resolver: Resolver<CustomerValues> = async (values) => {
  const errors = customerErrors(values, await import('@core/schemas/customer'));
  if (!errors) return { values, errors: {} };
  return {
    values: {},
    errors: Object.fromEntries(Object.entries(errors).map(([k, message]) => [k, { type: 'validate', message }])) as FieldErrors<CustomerValues>,
  };
};

/**
 * The personal-data step: P.IVA or Privati, lookup by fiscal code (16) or VAT (11), category list
 * filtered by the chosen type, address, CAP, city, notes, consent.
 */
export function CustomerForm({
  initial,
  offerType,
  disabled,
  onBack,
  onSubmit,
  serverErrors,
  onInvalid,
}: {
  initial: CustomerValues | null;
  offerType: CustomerType | null;
  disabled: boolean;
  onBack: () => void;
  onSubmit: (values: CustomerValues) => void;
  serverErrors?: Record<string, string[]> | null;
  /** The fields refused by the client's own checks, and the values as typed. */
  onInvalid?: (fields: string[], values: CustomerValues) => void;
}) {
  const startType = startTypeOf(initial, offerType);
  const [type, setType] = useState<CustomerType>(startType);
  const [askSwitch, setAskSwitch] = useState<CustomerType | null>(null);
  const [found, setFound] = useState<boolean | null>(null);
  const [searching, setSearching] = useState(false);
  const [entryError, setEntryError] = useState<string | null>(null);
  const [vatError, setVatError] = useState<string | null>(null);
  const form = useForm<CustomerValues>({ resolver, defaultValues: initial ?? emptyCustomer(defaultCategory(startType)) });
  // On a phone the step's first screenful ends about at the email: the fields below it, the consent and the
  // buttons are drawn one task later, so that the step's first render and its first layout are two shorter
  // tasks (docs/adr/0168-below-the-first-screenful-one-task-later.md). Until then the form is as tall as the window (quotation.css), so that nothing below it
  // shows and then moves. Two columns (a wider screen) show the whole form in the window: drawn at once.
  const [restLater] = useState(() => !window.matchMedia(breakpoints.formTwoColumns).matches);
  const restShown = useLater(restLater);
  const notice = useConfirm();

  async function lookup(by: { code?: string; vat?: string }) {
    setSearching(true);
    try {
      // A lookup that fails (the server's error, no network) is a failed lookup too: the same modal.
      const customer = await lookupCustomer({ ...by, category: form.getValues('employee_category') }).catch(() => null);
      setFound(Boolean(customer));
      const consent = form.getValues('consent');
      // Searching by fiscal code clears the VAT identifier and the reverse (§4 "Customer lookup and form").
      if (customer) {
        // A found customer brings its category: the P.IVA / Privati choice follows it.
        setType(customer.employee_type === 'BUSINESS' ? 'piva' : 'privati');
        form.reset(fromCustomer(customer, consent));
      } else {
        // §4 "Customer lookup and form", §8: a failed lookup stores an empty customer and opens a modal. What the
        // agent typed to search stays, with the category and the consent.
        form.reset(afterFailedLookup(form.getValues(), by));
        void notice.tell(it.quotation.customerNotFound);
      }
    } finally {
      setSearching(false);
    }
  }

  function onFiscalCode(raw: string) {
    const entry = fiscalCodeEntry(raw, type);
    form.setValue('fiscal_code', entry.value, { shouldDirty: true });
    setEntryError(entry.next === 'invalid' ? it.quotation.fiscalCodeEntryInvalid : null);
    if (entry.next === 'lookup') void lookup({ code: entry.value });
  }

  function onVat(raw: string) {
    const entry = vatEntry(raw);
    form.setValue('vat_number', entry.value, { shouldDirty: true });
    setVatError(entry.next === 'invalid' ? it.quotation.vatInvalid : null);
    if (entry.next === 'lookup') void lookup({ vat: entry.value });
  }

  function switchTo(next: CustomerType) {
    if (next === type) return;
    // Switching empties the form: ask first when anything was typed (§4, §5) — a customer found and
    // left as found is the only data that goes without asking.
    if (switchNeedsConfirm(form.getValues(), found, form.formState.isDirty)) setAskSwitch(next);
    else applySwitch(next);
  }
  function applySwitch(next: CustomerType) {
    setType(next);
    setAskSwitch(null);
    setFound(null);
    setEntryError(null);
    setVatError(null);
    form.reset(emptyCustomer(defaultCategory(next)));
  }

  // The server's field errors of the last attempt, shown on their fields (the form is remounted after a rejection).
  useEffect(() => {
    if (!serverErrors) return;
    for (const [name, messages] of Object.entries(serverErrors)) {
      if (messages[0] && name in emptyCustomer('tempo-indeterminato')) form.setError(name as keyof CustomerValues, { type: 'server', message: messages[0] });
    }
    scrollToFirstError();
  }, [serverErrors, form]);

  const fiscalCode = form.watch('fiscal_code');
  const vat = form.watch('vat_number');

  return (
    <form
      noValidate
      className={restShown ? 'quotation-form' : 'quotation-form quotation-form--drawing'}
      data-testid="customer-form"
      onSubmit={form.handleSubmit(onSubmit, (errs) => {
        onInvalid?.(Object.keys(errs), form.getValues());
        scrollToFirstError();
      })}
    >
      <fieldset disabled={disabled} className="plain-fieldset">
        <Segmented
          label="Tipo di cliente"
          value={type}
          onChange={switchTo}
          options={[
            { value: 'privati', label: it.quotation.typePrivati, testId: 'type-privati' },
            { value: 'piva', label: it.quotation.typePiva, testId: 'type-piva' },
          ]}
        />
        {askSwitch && (
          <div className="confirm-box" role="alertdialog" aria-live="assertive" data-testid="switch-confirm">
            <p>{it.quotation.switchConfirm}</p>
            <Button size="small" fill="outline" onClick={() => setAskSwitch(null)}>
              {it.common.cancel}
            </Button>
            <Button size="small" onClick={() => applySwitch(askSwitch)}>
              {it.common.confirm}
            </Button>
          </div>
        )}

        <div className="form-grid">
          {type === 'piva' && (
            <TextInput
              name="vat_number"
              label={f.vat_number}
              inputmode="numeric"
              // Room for spaces around a pasted number: the value is trimmed as it is typed.
              maxlength={15}
              disabled={disabled}
              value={vat}
              onChange={onVat}
              data-testid="vat-entry"
              error={vatError ?? form.formState.errors.vat_number?.message}
            />
          )}
          <TextInput
            name="fiscal_code"
            label={type === 'privati' ? it.quotation.fiscalCodeEntry : f.fiscal_code}
            // Room for spaces around a pasted code: the value is trimmed and upper-cased as it is typed.
            maxlength={20}
            autocapitalize="characters"
            disabled={disabled}
            value={fiscalCode}
            onChange={onFiscalCode}
            data-testid="fiscal-code-entry"
            error={entryError ?? form.formState.errors.fiscal_code?.message}
          />
        </div>
        <TesseraScan onRead={onFiscalCode} disabled={disabled} />
        {searching && <Note>{it.quotation.searching}</Note>}
        {found === true && (
          <Note color="success" data-testid="customer-found">
            {it.quotation.customerFound}
          </Note>
        )}

        <div className="form-grid">
          <CustomerFields control={form.control} type={type} disabled={disabled} />
          {restShown && <RestOfFields control={form.control} disabled={disabled} />}
        </div>
        {restShown && <NotesAndConsent control={form.control} />}
      </fieldset>
      {notice.element}
      {restShown && (
        <div className="wizard-actions">
          <Button fill="outline" onClick={onBack} data-testid="back-to-offer">
            {it.quotation.backToOffer}
          </Button>
          <SubmitButton disabled={disabled} data-testid="next">
            {it.quotation.next}
          </SubmitButton>
        </div>
      )}
    </form>
  );
}

/**
 * The customer's data fields, each a Controller that re-renders on its own changes, in the step's grid. Kept
 * apart (memo) from the step's lookup and type choice: react-hook-form renders the component holding `useForm`
 * a second time as it mounts (its `isReady` layout effect), which drew every field twice in the step's first
 * task (docs/adr/0169-render-once-with-the-data.md). The ones a phone shows in its first screenful; the others in RestOfFields and NotesAndConsent.
 */
const CustomerFields = memo(function CustomerFields({ control, type, disabled }: { control: Control<CustomerValues>; type: CustomerType; disabled: boolean }) {
  const categories = categoriesFor(type).map((c) => ({ value: c.value, label: c.label }));
  return (
    <>
      <SelectField control={control} name="employee_category" label={f.employee_category} options={categories} />
      {type === 'piva' && <TextField control={control} name="business_name" label={f.business_name} maxlength={160} disabled={disabled} />}
      <TextField control={control} name="first_name" label={f.first_name} autocomplete="given-name" maxlength={80} disabled={disabled} />
      <TextField control={control} name="last_name" label={f.last_name} autocomplete="family-name" maxlength={80} disabled={disabled} />
      <TextField control={control} name="email" label={f.email} type="email" inputmode="email" autocomplete="email" maxlength={254} disabled={disabled} />
    </>
  );
});

/** The grid's fields below a phone's first screenful (see CustomerFields). */
const RestOfFields = memo(function RestOfFields({ control, disabled }: { control: Control<CustomerValues>; disabled: boolean }) {
  return (
    <>
      <TextField control={control} name="phone" label={f.phone} type="tel" inputmode="tel" autocomplete="tel" maxlength={20} disabled={disabled} />
      <TextField control={control} name="address" label={f.address} autocomplete="street-address" maxlength={200} disabled={disabled} />
      <TextField control={control} name="zip_code" label={f.zip_code} inputmode="numeric" autocomplete="postal-code" maxlength={5} disabled={disabled} />
      <TextField control={control} name="city" label={f.city} autocomplete="address-level2" maxlength={120} disabled={disabled} />
    </>
  );
});

/** The notes and the consent, below the grid (see CustomerFields). */
const NotesAndConsent = memo(function NotesAndConsent({ control }: { control: Control<CustomerValues> }) {
  return (
    <>
      <TextAreaField control={control} name="notes" label={f.notes} maxlength={2000} rows={3} />
      <CheckboxField control={control} name="consent">
        <span className="consent-text">{it.quotation.consent}</span>
      </CheckboxField>
    </>
  );
});
