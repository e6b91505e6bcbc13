import { Button } from './button';
import { type ComponentProps, useId } from 'react';
import { ApiError } from '../api/client';
import { it } from '../i18n/it';
import { Alert } from './alert';

/**
 * The pieces of the one form pattern (form.tsx) that do not need react-hook-form, so that the login
 * screen, the first one loaded, can use them without it.
 */
export type TextInputProps = {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'number';
  autocomplete?: string;
  inputmode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  autocapitalize?: 'characters' | 'off';
  maxlength?: number;
  minlength?: number;
  disabled?: boolean;
  helperText?: string;
  'data-testid'?: string;
};

/**
 * The text field of every form: a native input drawn as Ionic's outline input (the .outline-field rules,
 * shared with the login screen's HTML), its label above, the field's error or helper text under it. Native,
 * not ion-input: ten Ionic inputs cost the wizard's customer step about a third of its start on a slow
 * phone (docs/adr/0163-first-screens-draw-no-ionic-element.md). A disabled fieldset disables it as any input.
 */
export function TextInput({
  name,
  label,
  type = 'text',
  autocomplete,
  inputmode,
  autocapitalize,
  maxlength,
  minlength,
  disabled,
  helperText,
  value,
  error,
  onChange,
  onBlur,
  'data-testid': testId,
}: TextInputProps & { value: string; error?: string | undefined; onChange: (value: string) => void; onBlur?: () => void }) {
  const id = useId();
  const note = error ?? helperText;
  return (
    <div className={`form-field outline-field${error ? ' ion-invalid' : ''}`} data-field={name} data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autocomplete}
        inputMode={inputmode}
        autoCapitalize={autocapitalize}
        maxLength={maxlength}
        minLength={minlength}
        disabled={disabled}
        placeholder={it.common.placeholder}
        value={value}
        onInput={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
        aria-invalid={Boolean(error)}
        aria-describedby={note ? `${id}-note` : undefined}
      />
      {note && (
        <p id={`${id}-note`} className={error ? 'outline-field-error' : 'outline-field-helper'} role={error ? 'alert' : undefined}>
          {note}
        </p>
      )}
    </div>
  );
}

/** The form-level message: the server's message for 4xx, the generic one otherwise. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof ApiError ? error.message : it.common.serverError;
  return (
    <Alert kind="danger" shows={error}>
      <p className="form-error">{message}</p>
    </Alert>
  );
}

export function FormSuccess({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert kind="success" shows={message}>
      <p className="form-success">{message}</p>
    </Alert>
  );
}

/** Puts the server's per-field errors (first message each) on the form's fields. */
export function applyServerErrors<F extends string>(err: unknown, setError: (field: F, error: { type: 'server'; message: string }) => void) {
  if (!(err instanceof ApiError)) return;
  for (const [field, messages] of Object.entries(err.errors)) {
    if (messages[0]) setError(field as F, { type: 'server', message: messages[0] });
  }
  scrollToFirstError();
}

export function scrollToFirstError() {
  requestAnimationFrame(() => document.querySelector('.ion-invalid')?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
}

/** A form's submit button: the native submit of the app's Button (src/ui/button.tsx). */
export function SubmitButton(props: Omit<ComponentProps<typeof Button>, 'type'>) {
  return <Button {...props} type="submit" />;
}
