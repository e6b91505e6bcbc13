// Ionic's inline overlays and the alert hook. @ionic/react defines them in its one module with every
// other component, so the build (vite.config.ts, splitIonic) points this file's import at a second
// instance of that module, which keeps only these: they leave the first screens' chunk. They share no
// React context with the rest of @ionic/react but their own nesting one, hence all of them come from here.
export { IonModal, IonPopover, IonToast, useIonAlert } from '@ionic/react';
