// IonSpinner: Stencil's React proxies of Ionic's custom elements, as @ionic/react builds them (README.md in this folder).
import { IonSpinner as IonSpinnerElement, defineCustomElement as defineIonSpinner } from '@ionic/core/components/ion-spinner.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonSpinner = /*@__PURE__*/ createComponent({
  tagName: 'ion-spinner',
  elementClass: IonSpinnerElement,
  react: React,
  events: {},
  defineCustomElement: defineIonSpinner,
}) as unknown as typeof Ionic.IonSpinner;
