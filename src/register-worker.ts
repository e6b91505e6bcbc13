import { isNativeShell } from './api/origin';

/**
 * A first visit registers the service worker from the login screen (src/main.ts, once the screen has loaded):
 * it installs the shell and starts fetching the first screens while the agent types, so that on a slow line
 * the app is ready offline minutes earlier than when the app registered it after the login
 * (docs/adr/0040-ready-offline-on-a-first-visit.md). The browser's own API: workbox-window comes with the app
 * (shell/update-prompt.tsx), which registers the same script again, the same registration.
 */
export async function registerWorker() {
  if (!import.meta.env.PROD || isNativeShell() || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    // A message keeps the worker alive while it fetches (sw/sw.ts, WARM_ASSETS): the agent typing sends it no request.
    (await navigator.serviceWorker.ready).active?.postMessage({ type: 'WARM_ASSETS' });
  } catch {
    // no worker (private mode, a refused registration): the app works online, and registers again after the login
  }
}
