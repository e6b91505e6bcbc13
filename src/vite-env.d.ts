/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

// Ionic's focus rings and tap states (src/ui/ionic/setup.ts): the collection build ships its types apart.
declare module '@ionic/core/dist/collection/utils/focus-visible.js' {
  export { startFocusVisible } from '@ionic/core/dist/types/utils/focus-visible';
}
declare module '@ionic/core/dist/collection/utils/tap-click/index.js' {
  export const startTapClick: (config: { getBoolean(key: string, fallback?: boolean): boolean }) => void;
}
