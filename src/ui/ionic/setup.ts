import { initialize } from '@ionic/core/components';
import { startFocusVisible } from '@ionic/core/dist/collection/utils/focus-visible.js';
import { startTapClick } from '@ionic/core/dist/collection/utils/tap-click/index.js';

/**
 * Ionic's setup, run once, when the first module of this folder loads (each imports this one before it
 * defines its element): a screen that draws no Ionic element (the first screens: the shell, the offers,
 * the offer detail, the quotation's customer step) never loads Stencil's runtime (docs/adr/0162-no-dependency-source-rewritten-ionic-modules.md, docs/adr/0163-first-screens-draw-no-ionic-element.md).
 *
 * What @ionic/react's setupIonicReact does (Ionic's configuration, and the `ion-ce` class: elements of
 * the custom-elements build are never hidden waiting for hydration), and what ion-app did for the
 * elements inside it, now that the shell is plain (App.tsx): keyboard focus rings (`ion-focused`) and the
 * pressed state and ripple of Ionic's items and accordions. Both come from Ionic's own modules, by the
 * package's exported `dist/*` path. ion-app's hardware back button is not started: it answers only
 * the `backbutton` event of Cordova or of @capacitor/app, which the app does not use (docs/adr/0163-first-screens-draw-no-ionic-element.md).
 */
document.documentElement.classList.add('ion-ce');
initialize({ mode: 'md' });
startFocusVisible();
// No configuration of our own: Ionic's defaults (animated, ripple effect).
startTapClick({ getBoolean: (_key: string, fallback?: boolean) => fallback ?? false });
