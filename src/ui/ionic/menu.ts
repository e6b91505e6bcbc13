// IonMenu (the side menu): the same proxies as @ionic/react's (README.md in this folder).
import { IonMenu as IonMenuElement, defineCustomElement as defineIonMenu } from '@ionic/core/components/ion-menu.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonMenu = /*@__PURE__*/ createComponent({
  tagName: 'ion-menu',
  elementClass: IonMenuElement,
  react: React,
  events: {
    onIonWillOpen: 'ionWillOpen',
    onIonWillClose: 'ionWillClose',
    onIonDidOpen: 'ionDidOpen',
    onIonDidClose: 'ionDidClose',
  },
  defineCustomElement: defineIonMenu,
}) as unknown as typeof Ionic.IonMenu;
