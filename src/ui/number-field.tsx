import { TextInput } from './form-base';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { parseIntInput } from '@core/catalog';

/**
 * An integer field of the one form pattern (see form.tsx): the value is a number, or '' when the
 * input is not a number (account spec §5: "parsed as integers, non-numbers become empty").
 * Text input with a numeric keyboard, so maxlength (the spec's input lengths) applies.
 */
export function NumberField<T extends FieldValues>({
  control,
  name,
  label,
  maxlength,
  minlength,
  disabled,
  helperText,
  decimal,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  maxlength?: number;
  minlength?: number;
  disabled?: boolean;
  helperText?: string;
  decimal?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          name={name}
          label={label}
          inputmode={decimal ? 'decimal' : 'numeric'}
          maxlength={maxlength}
          minlength={minlength}
          disabled={disabled}
          helperText={helperText}
          value={field.value === '' || field.value === null || field.value === undefined ? '' : String(field.value)}
          onChange={(value) => {
            const raw = value.replace(',', '.');
            if (decimal) {
              const n = Number.parseFloat(raw);
              field.onChange(raw === '' || Number.isNaN(n) ? '' : n);
            } else field.onChange(parseIntInput(raw));
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
