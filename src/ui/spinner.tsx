import './spinner.css';

type Props = {
  /** Ionic's md spinners: the circle (default) or three dots (inside buttons and beside a line of text). */
  name?: 'dots';
  /** Its place inside a Button, as an Icon's. */
  slot?: 'start' | 'end';
  /** A spinner alone on a screen says what it waits for; one beside its own text is hidden. */
  'aria-label'?: string;
  'aria-hidden'?: 'true';
};

/**
 * Ionic's md spinner (circular, or dots) drawn by CSS (src/ui/spinner.css): <ion-spinner> was a web
 * component, and the loading screen of every route showed one, so Stencil's runtime loaded with the
 * first screen only to draw it (docs/adr/0163-first-screens-draw-no-ionic-element.md).
 */
export function Spinner({ name, slot, 'aria-label': label, 'aria-hidden': hidden }: Props) {
  const a11y = { role: label ? 'img' : undefined, 'aria-label': label, 'aria-hidden': hidden ?? (label ? undefined : 'true') } as const;
  if (name === 'dots') {
    return (
      <span className="spinner spinner-dots" slot={slot} {...a11y}>
        <i />
        <i />
        <i />
      </span>
    );
  }
  return (
    <svg className="spinner spinner-circular" viewBox="24 24 48 48" slot={slot} {...a11y}>
      <circle cx="48" cy="48" r="20" />
    </svg>
  );
}
