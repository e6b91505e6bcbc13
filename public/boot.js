/* global location, localStorage, document */
// Runs before the first paint (a small blocking script in <head>, ahead of the app's modules).
//
// zod reads this object as its global configuration when it loads: without `jitless` it would probe
// `new Function` to compile fast parsers, which our content security policy (script-src 'self')
// forbids and reports as a violation. See core/schemas/zod-config.ts.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// index.html carries a static copy of the login screen (vite.config.ts, loginShell): it shows at once on
// /login without a session, while the app's code loads; the app replaces it with the real screen.
// The session is read on every path, not only /login: a page's first read of localStorage waits for the
// browser to send it the origin's whole storage (a synchronous round trip, 1-10 ms here, more on a busy
// phone). Here it comes before the first paint and before the app's modules are requested, not in the
// middle of the app's start (docs/adr/0161-login-entry-and-static-copy.md).
try {
  const signedIn = localStorage.getItem('access_token') !== null;
  if (location.pathname === '/login' && !signedIn) document.documentElement.classList.add('boot-login');
} catch {
  // storage unavailable: no static copy, the app shows the screen when it has loaded
}
