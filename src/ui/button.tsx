import type { MouseEvent, ReactNode } from 'react';
import { followRouterLink, useRouterNavigate } from './ionic/routing';
import './button.css';

type Props = {
  /** Ionic's fills: solid by default, clear inside a toolbar's IonButtons. */
  fill?: 'solid' | 'outline' | 'clear';
  size?: 'small' | 'default' | 'large';
  expand?: 'block' | 'full';
  /** One of the theme's colours (Ionic's `ion-color-*` classes); primary by default. */
  color?: 'primary' | 'secondary' | 'success' | 'warning' | 'danger' | 'medium';
  /** An address in the app: drawn as a link, opened by the router. */
  routerLink?: string;
  href?: string;
  target?: string;
  rel?: string;
  download?: string | boolean;
  type?: 'button' | 'submit' | 'reset';
  disabled?: boolean;
  onClick?: (e: MouseEvent<HTMLElement>) => void;
  slot?: string;
  className?: string;
  id?: string;
  title?: string;
  'aria-label'?: string;
  'aria-expanded'?: boolean;
  'data-testid'?: string;
  children?: ReactNode;
};

/**
 * The app's button: a native <button>, or a link when it has an address, drawn as Ionic's md button
 * (src/ui/button.css: fills, sizes, expand, colours, its icons). Not IonButton: each one was two web
 * components (the button and its ripple) built in the first render of every screen, a quarter of the
 * Stencil runtime's share of it (docs/adr/0163-first-screens-draw-no-ionic-element.md). Its type is 'button' unless said, as Ionic's.
 */
export function Button({ fill, size, expand, color, routerLink, href, type = 'button', disabled, onClick, className, children, ...rest }: Props) {
  const navigate = useRouterNavigate();
  const classes = [
    'button',
    `button-${fill ?? 'default'}`,
    size && size !== 'default' ? `button-${size}` : '',
    expand ? `button-${expand}` : '',
    color ? `ion-color ion-color-${color}` : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const address = href ?? routerLink;
  if (address !== undefined) {
    const click = (e: MouseEvent<HTMLElement>) => {
      onClick?.(e);
      followRouterLink(e, navigate, routerLink);
    };
    return (
      <a {...rest} className={classes} href={disabled ? undefined : address} aria-disabled={disabled || undefined} onClick={disabled ? undefined : click}>
        {children}
      </a>
    );
  }
  return (
    <button {...rest} className={classes} type={type} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}
