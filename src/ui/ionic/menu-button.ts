// IonMenuButton: the same proxy as @ionic/react's; the build points the app's imports here (vite.config.ts, splitIonic).
import { IonMenuButton as IonMenuButtonElement, defineCustomElement as defineIonMenuButton } from '@ionic/core/components/ion-menu-button.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonMenuButton = /*@__PURE__*/ createComponent({
  tagName: 'ion-menu-button',
  elementClass: IonMenuButtonElement,
  react: React,
  events: {},
  defineCustomElement: defineIonMenuButton,
}) as unknown as typeof Ionic.IonMenuButton;
