import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { TextInput, type TextInputProps } from './form-base';

/**
 * The one form pattern: react-hook-form with the zod resolver (schemas from core/schemas), these
 * native fields, server field errors mapped back with applyServerErrors, and scroll to the first error.
 */
type FieldProps<T extends FieldValues> = Omit<TextInputProps, 'name'> & { control: Control<T>; name: Path<T> };

export function TextField<T extends FieldValues>({ control, name, ...props }: FieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...props}
          name={name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** A checkbox of the one form pattern: native, its text as the label, the field's error under it. */
export function CheckboxField<T extends FieldValues>({ control, name, children }: { control: Control<T>; name: Path<T>; children: ReactNode }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className={`form-field check-field${fieldState.error ? ' ion-invalid' : ''}`} data-field={name}>
          <label>
            <input
              type="checkbox"
              name={name}
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              onBlur={field.onBlur}
              aria-invalid={Boolean(fieldState.error)}
            />
            <span>{children}</span>
          </label>
          {fieldState.error && (
            <p className="outline-field-error" role="alert">
              {fieldState.error.message}
            </p>
          )}
        </div>
      )}
    />
  );
}

export { applyServerErrors, FormError, FormSuccess, scrollToFirstError } from './form-base';
