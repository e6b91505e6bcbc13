import type { ReactNode } from 'react';
import './text.css';

type Props = {
  /** One of Ionic's named colours (`ion-color-*` in Ionic's core.css). */
  color?: 'primary' | 'success' | 'warning' | 'danger' | 'medium';
  className?: string;
  role?: 'alert' | 'status';
  children?: ReactNode;
  [data: `data-${string}`]: string | undefined;
};

const colored = (base: string) =>
  function Colored({ color, className, children, ...rest }: Props) {
    return (
      <span className={[base, color && `ion-color ion-color-${color}`, className].filter(Boolean).join(' ')} {...rest}>
        {children}
      </span>
    );
  };

/**
 * Ionic's <ion-text>: text in one of the palette's colours. A span: Ionic's element was a web component
 * for a colour, and loaded Stencil's runtime with the quotation's first step (docs/adr/0163-first-screens-draw-no-ionic-element.md).
 */
export const Text = colored('app-text');

/** Ionic's md <ion-note>: a short remark in small grey type, or in a palette colour (an error, a hint). */
export const Note = colored('app-note');
