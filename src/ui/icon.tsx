import './icon.css';

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
 * An ionicons icon as inline SVG in the page, filled and stroked with the text colour (src/ui/icon.css).
 * It stands in for Ionic's <ion-icon>, a web component with a shadow root that fetches, parses and
 * sanitises its SVG. Not a CSS mask of a data: URL either: Chromium loads every such image as a
 * separate SVG document, 7-16 ms each at full speed on the first screen (issue 18, docs/decisions.md);
 * inline markup is parsed with the page. The markup is ionicons' own files, bundled at build time, never
 * user input. Sized by font-size and coloured by `color`, like <ion-icon>; src/ui/icon.css gives it
 * <ion-icon>'s places inside Ionic's buttons, items and chips.
 */
export function Icon({ icon, slot, className, 'aria-label': label }: Props) {
  return (
    <span
      className={className ? `icon ${className}` : 'icon'}
      slot={slot}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      dangerouslySetInnerHTML={{ __html: icon }}
    />
  );
}
