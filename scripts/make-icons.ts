// Renders the PWA icons from public/favicon.svg with Debian's Chromium (run once; the PNGs are committed).
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const svg = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const render = async (size: number, file: string, maskable: boolean) => {
  // Maskable icons keep the artwork inside the central 80% safe zone on a full-bleed background.
  const inner = maskable ? Math.round(size * 0.72) : size;
  const art = maskable ? svg.replace('rx="14"', 'rx="0"') : svg;
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:${maskable ? '#0b4f8a' : 'transparent'};display:grid;place-items:center;height:${size}px">` +
      `<div style="width:${inner}px;height:${inner}px">${art.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body></html>`,
  );
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: !maskable });
};
// The page's icon (index.html): a PNG, which the browser decodes in a moment; an SVG icon is built as a
// document of its own on the page's main thread while the app starts (about 8 ms at full speed; docs/adr/0149-icons-logo-favicon.md).
await render(48, 'favicon-48.png', false);
await render(192, 'icon-192.png', false);
await render(512, 'icon-512.png', false);
await render(192, 'maskable-192.png', true);
await render(512, 'maskable-512.png', true);
await render(180, 'apple-touch-icon.png', true);
await browser.close();
