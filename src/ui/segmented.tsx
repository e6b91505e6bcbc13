import { useId } from 'react';

/**
 * A choice of one among a few, drawn as a segment (the customer type, the statistics' period): native
 * radio buttons in a fieldset, so the keyboard, a disabled fieldset and screen readers work as they do for
 * any radio group. Not IonSegment: its component and its rendering cost a phone's first screen (docs/adr/0163-first-screens-draw-no-ionic-element.md).
 */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string; testId?: string }[];
  onChange: (value: T) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={`segmented${className ? ` ${className}` : ''}`}>
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <label key={o.value} data-testid={o.testId}>
          <input type="radio" name={name} value={o.value} checked={o.value === value} onChange={() => onChange(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
