import { IonButton } from './ionic/button';
import { IonInput } from './ionic/input';
import type { ComponentProps } from 'react';
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
  maxlength?: number;
  disabled?: boolean;
  helperText?: string;
};

/** The Ionic text field of every form: stacked label, outline, the field's error under it. */
export function TextInput({
  name,
  label,
  type = 'text',
  autocomplete,
  inputmode,
  maxlength,
  disabled,
  helperText,
  value,
  error,
  onChange,
  onBlur,
}: TextInputProps & { value: string; error: string | undefined; onChange: (value: string) => void; onBlur?: () => void }) {
  return (
    <IonInput
      data-field={name}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      type={type}
      autocomplete={autocomplete as never}
      inputmode={inputmode}
      maxlength={maxlength}
      disabled={disabled}
      placeholder={it.common.placeholder}
      value={value}
      onIonInput={(e) => onChange(e.detail.value ?? '')}
      onIonBlur={onBlur}
      className={`form-field${error ? ' ion-invalid ion-touched' : ''}`}
      errorText={error}
      helperText={helperText}
    />
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

/**
 * A form's submit button. Ionic's button submits its form from its own click handler, which exists only once
 * the button has hydrated: a tap that lands before (a quick finger right after the form appears, or the
 * first tap on the login screen) was lost. When Ionic has not handled the click (it marks it handled), the
 * form is submitted here; it never submits twice.
 */
export function SubmitButton({ onClick, ...props }: Omit<ComponentProps<typeof IonButton>, 'type'>) {
  return (
    <IonButton
      {...props}
      type="submit"
      onClick={(e) => {
        onClick?.(e);
        // Ionic's own click handler (once hydrated) submits the form and marks the event handled; it may run
        // after ours (Preact listens on the element itself), so the event is read once its dispatch is over.
        const form = (e.currentTarget as HTMLElement).closest('form');
        setTimeout(() => {
          if (!e.defaultPrevented && !props.disabled) form?.requestSubmit();
        }, 0);
      }}
    />
  );
}
