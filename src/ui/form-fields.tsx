import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { it } from '../i18n/it';

/**
 * More fields of the one form pattern (see form.tsx), built on native <textarea> and <select>:
 * every Ionic component used anywhere ends up in the first-load chunk (the @ionic/react module is
 * shared), and IonSelect alone brings select popover/modal, alert and action sheet.
 */
export function TextAreaField<T extends FieldValues>({
  control,
  name,
  label,
  maxlength,
  rows = 4,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  maxlength?: number;
  rows?: number;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className={`form-field native-field${fieldState.error ? ' ion-invalid' : ''}`} data-field={name}>
          <label htmlFor={id}>{label}</label>
          <textarea
            id={id}
            rows={rows}
            maxLength={maxlength}
            placeholder={it.common.placeholder}
            value={(field.value as string | undefined) ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            aria-invalid={Boolean(fieldState.error)}
          />
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

export type SelectOption = { value: string | number | null; label: string };

/** A select whose options may include null (e.g. the team form's 'nessuno'). */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: SelectOption[];
}) {
  const id = useId();
  // <select> values are strings: null is kept as '' and turned back on change.
  const encode = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className={`form-field native-field${fieldState.error ? ' ion-invalid' : ''}`} data-field={name}>
          <label htmlFor={id}>{label}</label>
          <select
            id={id}
            value={encode(field.value)}
            onChange={(e) => {
              const picked = options.find((o) => encode(o.value) === e.target.value);
              field.onChange(picked ? picked.value : null);
            }}
            onBlur={field.onBlur}
            aria-invalid={Boolean(fieldState.error)}
          >
            {options.map((o) => (
              <option key={encode(o.value)} value={encode(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
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
