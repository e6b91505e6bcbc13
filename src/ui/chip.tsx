import closeCircle from 'ionicons-svg/close-circle.svg?raw';
import { Icon } from './icon';
import './chip.css';

type Props = {
  /** What the chip shows: a filter in force. */
  children: string;
  /** What a screen reader says: the filter, then what a tap does. */
  'aria-label': string;
  title: string;
  onRemove: () => void;
};

/**
 * A filter in force, removed with a tap: a <button> drawn as Ionic's md outline chip with its close icon.
 * Ionic's <ion-chip> was a web component on the offers' first screen (docs/adr/0163-first-screens-draw-no-ionic-element.md).
 */
export function RemovableChip({ children, onRemove, ...rest }: Props) {
  return (
    <button type="button" className="chip chip-outline" onClick={onRemove} {...rest}>
      <span>{children}</span>
      <Icon icon={closeCircle} />
    </button>
  );
}
