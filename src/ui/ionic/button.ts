// IonButton: Stencil's React proxies of Ionic's custom elements, as @ionic/react builds them (README.md in this folder).
import { IonButton as IonButtonElement, defineCustomElement as defineIonButton } from '@ionic/core/components/ion-button.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';
import { withRouterLink } from './routing';

export const IonButton = /*@__PURE__*/ withRouterLink(
  createComponent({
    tagName: 'ion-button',
    elementClass: IonButtonElement,
    react: React,
    events: { onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
    defineCustomElement: defineIonButton,
  }),
  'IonButton',
) as unknown as typeof Ionic.IonButton;
