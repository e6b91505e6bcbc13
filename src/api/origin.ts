/**
 * Where the server is. The web app is served by the API server itself, so every path stays relative
 * (same origin). The native shells (Capacitor) load the app from the device (capacitor://localhost,
 * https://localhost) and need the server's address, fixed at build time:
 * `VITE_SERVER_ORIGIN=https://portale.example.it npm run cap:sync` (docs/native.md). The server
 * answers those origins' cross-origin calls (server/lib/native-cors.ts).
 */
export const SERVER_ORIGIN = ((import.meta.env.VITE_SERVER_ORIGIN as string | undefined) ?? '').replace(/\/+$/, '');

/** A server path ('/api/v1/…', '/prescoring/…', a picture the API names) as the app must request it. */
export const serverUrl = (pathOrUrl: string): string =>
  SERVER_ORIGIN && pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//') ? `${SERVER_ORIGIN}${pathOrUrl}` : pathOrUrl;

/** Inside a native shell (Capacitor injects its bridge before the app starts). */
export const isNativeShell = (): boolean => Boolean((globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor?.isNativePlatform?.());
