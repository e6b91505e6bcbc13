import { IonCheckbox, IonInput, IonNote, IonText } from '@ionic/react';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';
import { it } from '../i18n/it';

/**
 * The one form pattern: react-hook-form with the zod resolver (schemas from core/schemas), these
 * Ionic fields, server field errors mapped back with applyServerErrors, and scroll to the first error.
 */
type FieldProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'number';
  autocomplete?: string;
  inputmode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  maxlength?: number;
  disabled?: boolean;
  helperText?: string;
};

export function TextField<T extends FieldValues>({ control, name, label, type = 'text', autocomplete, inputmode, maxlength, disabled, helperText }: FieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
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
          value={(field.value as string | undefined) ?? ''}
          onIonInput={(e) => field.onChange(e.detail.value ?? '')}
          onIonBlur={field.onBlur}
          className={`form-field${fieldState.error ? ' ion-invalid ion-touched' : ''}`}
          errorText={fieldState.error?.message}
          helperText={helperText}
        />
      )}
    />
  );
}

export function CheckboxField<T extends FieldValues>({ control, name, children }: { control: Control<T>; name: Path<T>; children: ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className={`form-field${fieldState.error ? ' ion-invalid' : ''}`} data-field={name}>
          <IonCheckbox labelPlacement="end" justify="start" checked={Boolean(field.value)} onIonChange={(e) => field.onChange(e.detail.checked)}>
            {children}
          </IonCheckbox>
          {fieldState.error && (
            <IonNote color="danger" className="field-error" role="alert">
              {fieldState.error.message}
            </IonNote>
          )}
        </div>
      )}
    />
  );
}

/** The form-level message: the server's message for 4xx, the generic one otherwise. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof ApiError ? error.message : it.common.serverError;
  return (
    <IonText color="danger" role="alert">
      <p className="form-error">{message}</p>
    </IonText>
  );
}

export function FormSuccess({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <IonText color="success" role="status">
      <p className="form-success">{message}</p>
    </IonText>
  );
}

/** Puts the server's per-field errors (first message each) on the form's fields. */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>) {
  if (!(err instanceof ApiError)) return;
  for (const [field, messages] of Object.entries(err.errors)) {
    if (messages[0]) setError(field as Path<T>, { type: 'server', message: messages[0] });
  }
  scrollToFirstError();
}

export function scrollToFirstError() {
  requestAnimationFrame(() => document.querySelector('.ion-invalid')?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
}
