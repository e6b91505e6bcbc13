import type { MouseEvent, ReactNode } from 'react';
import { Icon } from './icon';
import './icon-button.css';

type Props = {
  icon: string;
  /** The button's accessible name (an icon alone has none). */
  label: string;
  onClick: (e: MouseEvent<HTMLButtonElement>) => void;
  className?: string;
  children?: ReactNode;
  [data: `data-${string}`]: string | boolean | undefined;
  'aria-expanded'?: boolean;
  onKeyDown?: (e: React.KeyboardEvent<HTMLButtonElement>) => void;
};

/**
 * A round icon-only button as a plain <button>: the top bar's and the floating buttons, on every private
 * screen (docs/adr/0163-first-screens-draw-no-ionic-element.md). Buttons with a label are src/ui/button.tsx.
 */
export function IconButton({ icon, label, onClick, className, children, ...rest }: Props) {
  return (
    <button type="button" className={className ? `icon-button ${className}` : 'icon-button'} aria-label={label} title={label} onClick={onClick} {...rest}>
      <Icon icon={icon} />
      {children}
    </button>
  );
}
