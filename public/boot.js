/* global location, localStorage, document */
// Runs before the first paint (a small blocking script in <head>, ahead of the app's modules).
//
// zod reads this object as its global configuration when it loads: without `jitless` it would probe
// `new Function` to compile fast parsers, which our content security policy (script-src 'self')
// forbids and reports as a violation. See core/schemas/zod-config.ts.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// index.html carries a static copy of the login screen (vite.config.ts, loginShell): it shows at once on
// /login without a session, while the app's code loads; the app replaces it with the real screen.
try {
  if (location.pathname === '/login' && !localStorage.getItem('access_token')) document.documentElement.classList.add('boot-login');
} catch {
  // storage unavailable: no static copy, the app shows the screen when it has loaded
}
