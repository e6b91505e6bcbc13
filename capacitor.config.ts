import type { CapacitorConfig } from '@capacitor/cli';

// The native shells load the same Vite build (dist/), built with the server's address:
// VITE_SERVER_ORIGIN=https://portale.example.it npm run cap:sync (docs/native.md). Service workers do
// not run inside them (iOS's WKWebView has none), so the app works offline from its bundled files and
// IndexedDB, and replays the outbox itself on start and on reconnect.
const config: CapacitorConfig = {
  appId: 'it.noleggio.portale',
  appName: 'Portale Noleggio',
  webDir: 'dist',
  // The origins the server's CORS allows (server/config.ts NATIVE_SHELL_ORIGINS).
  server: { androidScheme: 'https', iosScheme: 'capacitor', hostname: 'localhost' },
};

export default config;
