// IonFab, IonFabButton: the same proxies as @ionic/react's, routerLink included; the build points the app's imports here (vite.config.ts, splitIonic).
import { IonFab as IonFabElement, defineCustomElement as defineIonFab } from '@ionic/core/components/ion-fab.js';
import { IonFabButton as IonFabButtonElement, defineCustomElement as defineIonFabButton } from '@ionic/core/components/ion-fab-button.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';
import { withRouterLink } from './routing';

export const IonFab = /*@__PURE__*/ createComponent({
  tagName: 'ion-fab',
  elementClass: IonFabElement,
  react: React,
  events: {},
  defineCustomElement: defineIonFab,
}) as unknown as typeof Ionic.IonFab;

export const IonFabButton = /*@__PURE__*/ withRouterLink(
  createComponent({
    tagName: 'ion-fab-button',
    elementClass: IonFabButtonElement,
    react: React,
    events: {},
    defineCustomElement: defineIonFabButton,
  }),
  'IonFabButton',
) as unknown as typeof Ionic.IonFabButton;
