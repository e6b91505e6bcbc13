import { it } from '../../i18n/quotation';

/** The wizard's five steps, the current one marked (and announced) for screen readers. */
export function Tracker({ current }: { current: number }) {
  return (
    <ol className="wizard-tracker" data-testid="wizard-tracker">
      {it.quotation.steps.map((label, i) => (
        <li key={label} className={i + 1 === current ? 'current' : i + 1 < current ? 'done' : ''} aria-current={i + 1 === current ? 'step' : undefined}>
          <span className="dot">{i + 1}</span>
          <span className="label">{label}</span>
        </li>
      ))}
    </ol>
  );
}
