import { IonCheckbox } from './ionic/checkbox';
import { IonNote } from './ionic/text';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { TextInput, type TextInputProps } from './form-base';

/**
 * The one form pattern: react-hook-form with the zod resolver (schemas from core/schemas), these
 * Ionic fields, server field errors mapped back with applyServerErrors, and scroll to the first error.
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

export { applyServerErrors, FormError, FormSuccess, scrollToFirstError } from './form-base';
