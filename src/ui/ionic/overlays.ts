// Ionic's inline overlays and the alert hook come from @ionic/react itself: its inline overlays keep their
// content unmounted while closed and portal it when presented, which Stencil's proxies do not. Only the
// screens that open one import this module, so @ionic/react (and the overlay elements) load with them.
import './setup';
export { IonModal, IonPopover, IonToast, useIonAlert } from '@ionic/react';
