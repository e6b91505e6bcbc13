import type { Page } from '@playwright/test';

/**
 * Issue 20: the text of forms (typed values, labels, legends, help and error lines) must be readable in
 * both themes: WCAG 2.1's contrast ratio, at least 4.5:1 (3:1 for large text), computed by hand in the
 * page. The text colour is the element's own, faded by its and its ancestors' opacity; the background is
 * every background under it composited (across shadow roots, and the shadow part Ionic paints an item
 * with), over white. Disabled controls and placeholders are left out, as WCAG does.
 */
export type ContrastFailure = { text: string; ratio: number; color: string; background: string; where: string };

export async function lowContrastIn(page: Page, scope: string): Promise<ContrastFailure[]> {
  return page.evaluate((scopeSelector) => {
    type Rgba = [number, number, number, number];
    const parse = (c: string): Rgba | null => {
      let m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
      if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
      m = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)/.exec(c);
      if (m) return [Number(m[1]) * 255, Number(m[2]) * 255, Number(m[3]) * 255, m[4] === undefined ? 1 : Number(m[4])];
      return null;
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const ch = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a;
      return [ch(0), ch(1), ch(2), a];
    };
    const lum = ([r, g, b]: Rgba) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const parentOf = (el: Element): Element | null => el.assignedSlot ?? el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
    /** The background layers from the element down to the page, top first. */
    const background = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let e: Element | null = el; e; e = parentOf(e)) {
        const own = parse(getComputedStyle(e).backgroundColor);
        if (own && own[3] > 0) layers.push(own);
        // Ionic paints items, inputs' outlines and toolbars on a shadow part, not on the host.
        const part = e.shadowRoot?.querySelector('.button-native, .item-native, .native-wrapper, .toolbar-background, .select-wrapper');
        const inner = part ? parse(getComputedStyle(part).backgroundColor) : null;
        if (inner && inner[3] > 0) layers.push(inner);
        if (own && own[3] >= 1) break;
      }
      let result: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = over(layer, result);
      return result;
    };
    const opacity = (el: Element) => {
      let o = 1;
      for (let e: Element | null = el; e; e = parentOf(e)) o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    const disabled = (el: Element) =>
      Boolean(
        el.closest(
          ':disabled, [disabled], [aria-disabled="true"], .item-interactive-disabled, .input-disabled, .select-disabled, .checkbox-disabled, .toggle-disabled, .radio-disabled, .button-disabled',
        ),
      ) ||
      (() => {
        for (let e: Element | null = el; e; e = parentOf(e))
          if (e.matches('[disabled], .input-disabled, .select-disabled, .checkbox-disabled, .toggle-disabled, .button-disabled')) return true;
        return false;
      })();
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && s.display !== 'none' && !el.closest('[aria-hidden="true"], .ion-page-hidden');
    };

    const failures: { text: string; ratio: number; color: string; background: string; where: string }[] = [];
    const check = (el: Element, text: string) => {
      if (!visible(el) || disabled(el)) return;
      const s = getComputedStyle(el);
      const color = parse(s.color);
      if (!color) return;
      const bg = background(el);
      const fg = over([color[0], color[1], color[2], color[3] * opacity(el)], bg);
      const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      const size = parseFloat(s.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) {
        const round = (c: Rgba) => `rgb(${c.slice(0, 3).map(Math.round).join(',')})`;
        failures.push({
          text: text.slice(0, 40),
          ratio: Math.round(ratio * 100) / 100,
          color: round(fg),
          background: round(bg),
          where: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`,
        });
      }
    };

    const roots = [...document.querySelectorAll(scopeSelector)].filter(visible);
    const seen = new Set<Element>();
    const walk = (root: ParentNode) => {
      for (const el of root.querySelectorAll('*')) {
        if (seen.has(el)) continue;
        seen.add(el);
        if (el.shadowRoot) walk(el.shadowRoot);
        if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
          if (['checkbox', 'radio', 'file', 'hidden', 'range', 'color'].includes(el.type)) continue;
          if (el.value.trim()) check(el, el.value);
          continue;
        }
        if (el instanceof HTMLSelectElement) {
          const label = el.selectedOptions[0]?.textContent?.trim();
          if (label) check(el, label);
          continue;
        }
        if (el.closest('option, script, style, template')) continue;
        const own = [...el.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent ?? '')
          .join('')
          .trim();
        if (own) check(el, own);
      }
    };
    for (const root of roots) {
      // A scope that is itself a web component (an Ionic overlay): its shadow root too.
      if (root.shadowRoot) walk(root.shadowRoot);
      walk(root);
    }
    return failures;
  }, scope);
}

/** Switches the page to a theme as the app does for a user's preference (src/shell/theme.tsx). */
export async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate(async (dark) => {
    document.body.classList.toggle('dark', dark);
    document.documentElement.classList.toggle('ion-palette-dark', dark);
    // Colours are read once the change has been drawn and every transition it started has ended
    // (Ionic's buttons fade their background): on a loaded machine a fixed wait read a button mid-way.
    // The fades run inside shadow roots, whose animations document.getAnimations() does not list: each
    // open root is asked, nested ones too.
    const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const roots: (Document | ShadowRoot)[] = [document];
    for (const root of roots) for (const el of root.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    await frames();
    await Promise.all(
      roots
        .flatMap((root) => root.getAnimations())
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    );
    await frames();
  }, theme === 'dark');
}
