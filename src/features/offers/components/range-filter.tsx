import { TextInput } from '../../../ui/form-base';
import { IonRange } from '../../../ui/ionic/range';
import { memo, useEffect, useRef, useState } from 'react';
import { formatNumber } from '@core/format';
import { it } from '../../../i18n/offers';

type Range = [number, number];

/** Integers only: dots (thousand separators) and anything else but digits are stripped. */
export const parseInteger = (raw: string): number | null => {
  const digits = raw.replace(/\D/g, '');
  return digits ? Number(digits) : null;
};

/** Within the bounds; the start never above the end, the end never below the start (spec §5). */
export function clampRange([from, to]: Range, [min, max]: Range, edited: 'from' | 'to'): Range {
  const a = Math.min(Math.max(from, min), max);
  const b = Math.min(Math.max(to, min), max);
  if (a <= b) return [a, b];
  return edited === 'from' ? [b, b] : [a, a];
}

export const INPUT_DEBOUNCE_MS = 500;

/**
 * A range filter: dual-knob slider plus two integer inputs. The slider confirms once, on release;
 * typing is debounced 500 ms. The full range is no filter.
 */
export const RangeFilter = memo(function RangeFilter(props: {
  name: string;
  label: string;
  min: number;
  max: number;
  unit: string;
  value: Range | undefined;
  onChange: (v: Range | undefined) => void;
}) {
  const { name, label, min, max, unit, value, onChange } = props;
  const bounds: Range = [min, max];
  const [draft, setDraft] = useState<Range>(value ?? bounds);
  const [text, setText] = useState<[string, string]>([String(draft[0]), String(draft[1])]);
  // Set only while a typed figure waits to be applied.
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopTyping = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  const key = `${value?.[0]}:${value?.[1]}:${min}:${max}`;

  // Outside changes (chip removed, remove all, new bounds) reset the inputs, but not over what the agent
  // is typing: the answer to the previous filter brings new bounds while the next figure is typed, and
  // resetting then lost it (the typed figure is clamped to the bounds when it is applied).
  useEffect(() => {
    if (timer.current !== undefined) return;
    const next: Range = value ?? [min, max];
    setDraft(next);
    setText([String(next[0]), String(next[1])]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (r: Range) => {
    stopTyping();
    const full = r[0] <= min && r[1] >= max;
    if (full ? value === undefined : value?.[0] === r[0] && value?.[1] === r[1]) return;
    onChange(full ? undefined : r);
  };

  // Both inputs count: typing the end right after the start must not lose the start.
  const typedRef = useRef(text);
  typedRef.current = text;
  const typed = (which: 'from' | 'to', raw: string) => {
    const n = parseInteger(raw);
    const shown = n === null ? '' : String(n);
    const next: [string, string] = which === 'from' ? [shown, typedRef.current[1]] : [typedRef.current[0], shown];
    typedRef.current = next;
    setText(next);
    stopTyping();
    if (n === null) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      const [a, b] = typedRef.current;
      const r = clampRange([parseInteger(a) ?? min, parseInteger(b) ?? max], bounds, which);
      setDraft(r);
      setText([String(r[0]), String(r[1])]);
      commit(r);
    }, INPUT_DEBOUNCE_MS);
  };

  if (max <= min) return null;
  return (
    <div className="range-filter" data-filter={name}>
      <IonRange
        aria-label={label}
        dualKnobs
        min={min}
        max={max}
        step={1}
        value={{ lower: draft[0], upper: draft[1] }}
        onIonInput={(e) => {
          const v = e.detail.value as { lower: number; upper: number };
          setDraft([v.lower, v.upper]);
          setText([String(v.lower), String(v.upper)]);
        }}
        onIonChange={(e) => {
          const v = e.detail.value as { lower: number; upper: number };
          commit([v.lower, v.upper]);
        }}
      />
      <div className="range-inputs">
        <TextInput
          name={`${name}-from`}
          label={`${it.offers.from} (${unit})`}
          inputmode="numeric"
          data-testid={`${name}-from`}
          value={text[0]}
          onChange={(raw) => typed('from', raw)}
        />
        <TextInput
          name={`${name}-to`}
          label={`${it.offers.to} (${unit})`}
          inputmode="numeric"
          data-testid={`${name}-to`}
          value={text[1]}
          onChange={(raw) => typed('to', raw)}
        />
      </div>
      <p className="range-bounds">
        {formatNumber(min)} {unit} – {formatNumber(max)} {unit}
      </p>
    </div>
  );
});
