import type { CSSProperties } from 'react';
import './icon.css';

const masks = new Map<string, string>();
const maskOf = (svg: string) => {
  let mask = masks.get(svg);
  if (mask === undefined) {
    mask = `url("data:image/svg+xml;utf8,${encodeURIComponent(svg)}")`;
    masks.set(svg, mask);
  }
  return mask;
};

type Props = {
  /**
   * An ionicons SVG, imported one file each: `import add from 'ionicons-svg/add-outline.svg?raw'` (vite.config.ts).
   * One module per icon, so a screen's chunk carries only its own icons (issue 18).
   */
  icon: string;
  slot?: 'start' | 'end' | 'icon-only';
  className?: string;
  /** Named icons are images to assistive technology; the rest are hidden from it. */
  'aria-label'?: string;
};

/**
 * An ionicons icon painted by CSS: the text colour through a mask of the icon's SVG. It stands in for
 * Ionic's <ion-icon>, a web component with a shadow root that fetches, parses and sanitises its SVG:
 * the first screens show dozens of icons, and as web components they were a large share of the
 * main-thread time on a phone (docs/decisions.md). Sized by font-size and coloured by `color`, like
 * <ion-icon>; src/ui/icon.css gives it <ion-icon>'s places inside Ionic's buttons, items and chips.
 */
export function Icon({ icon, slot, className, 'aria-label': label }: Props) {
  return (
    <span
      className={className ? `icon ${className}` : 'icon'}
      slot={slot}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ '--icon': maskOf(icon) } as CSSProperties}
    />
  );
}
