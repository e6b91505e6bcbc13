import './icon.css';

type Props = {
  /**
   * An ionicons SVG, imported one file each: `import add from 'ionicons-svg/add-outline.svg?raw'` (vite.config.ts).
   * One module per icon, so a screen's chunk carries only its own icons (docs/adr/0149-icons-logo-favicon.md).
   */
  icon: string;
  slot?: 'start' | 'end' | 'icon-only';
  className?: string;
  /** Named icons are images to assistive technology; the rest are hidden from it. */
  'aria-label'?: string;
};

/** Each icon's markup parsed once; every use is a copy of it (cloning is a fraction of parsing it again). */
const parsed = new Map<string, DocumentFragment>();
function copyOf(markup: string): Node {
  let svg = parsed.get(markup);
  if (!svg) {
    const template = document.createElement('template');
    template.innerHTML = markup;
    svg = template.content;
    parsed.set(markup, svg);
  }
  return document.importNode(svg, true);
}

/** The element's icon, set or replaced when it changes (the element's children are the icon's alone). */
const drawn = new WeakMap<Element, string>();
function draw(element: HTMLSpanElement | null, markup: string) {
  if (!element || drawn.get(element) === markup) return;
  drawn.set(element, markup);
  element.replaceChildren(copyOf(markup));
}

/**
 * An ionicons icon as inline SVG in the page, filled and stroked with the text colour (src/ui/icon.css).
 * It stands in for Ionic's <ion-icon>, a web component with a shadow root that fetches, parses and
 * sanitises its SVG. Not a CSS mask of a data: URL either: Chromium loads every such image as a
 * separate SVG document, 7-16 ms each at full speed on the first screen (docs/adr/0149-icons-logo-favicon.md).
 * Inline markup, parsed once per icon and copied for each use: as `innerHTML`, every icon of a screen's
 * first render was one more run of the HTML parser. The markup is ionicons' own files, bundled
 * at build time, never user input. Sized by font-size and coloured by `color`, like <ion-icon>;
 * src/ui/icon.css gives it <ion-icon>'s places inside Ionic's buttons, items and chips.
 */
export function Icon({ icon, slot, className, 'aria-label': label }: Props) {
  return (
    <span
      className={className ? `icon ${className}` : 'icon'}
      slot={slot}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      ref={(element) => draw(element, icon)}
    />
  );
}
