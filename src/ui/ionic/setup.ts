import { initialize, type IonicConfig } from '@ionic/core/components';

/**
 * What @ionic/react's setupIonicReact does, without loading @ionic/react: Ionic's configuration for its
 * custom elements, and the `ion-ce` class (elements of the custom-elements build are never hidden
 * waiting for hydration).
 */
export function setupIonic(config: IonicConfig) {
  document.documentElement.classList.add('ion-ce');
  initialize(config);
}
