// Lettermark logos for the car selector's brand list: drawn from the 3-character brand code, so
// no logo files are needed. Only [A-Z0-9] ever reaches the SVG.
const PALETTE = ['#1f4e8c', '#b3202a', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#37474f', '#ad1457'];

export function brandLogoSvg(code: string): string | null {
  if (!/^[A-Z0-9]{1,3}$/.test(code)) return null;
  let h = 0;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const fill = PALETTE[h % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64"><circle cx="32" cy="32" r="31" fill="${fill}"/><text x="32" y="39" font-family="Arial, Helvetica, sans-serif" font-size="${code.length > 2 ? 18 : 24}" font-weight="700" fill="#fff" text-anchor="middle">${code}</text></svg>`;
}
