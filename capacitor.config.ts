import type { CapacitorConfig } from '@capacitor/cli';

// The native shells load the same Vite build (dist/). Service workers do not run inside
// them, so the outbox in src/offline is replayed by the app itself (see docs/decisions.md).
const config: CapacitorConfig = {
  appId: 'it.noleggio.portale',
  appName: 'Portale Noleggio',
  webDir: 'dist',
  server: { androidScheme: 'https' },
};

export default config;
