import type { ReactNode } from 'react';
import './badge.css';

type Props = {
  /** One of the palette's colours (Ionic's `ion-color-*` classes). */
  color?: string;
  className?: string;
  children: ReactNode;
  'data-testid'?: string;
  'data-sustainability'?: number;
};

/**
 * A badge drawn like Ionic's md <ion-badge>, as a plain element: the offer cards show a few each, and a web
 * component apiece (shadow root, styles, upgrade) was a measurable share of a phone's first render.
 */
export function Badge({ color = 'primary', className, children, ...rest }: Props) {
  return (
    <span className={`badge ion-color ion-color-${color}${className ? ` ${className}` : ''}`} {...rest}>
      {children}
    </span>
  );
}
