// IonInput: Stencil's React proxies of Ionic's custom elements, as @ionic/react builds them (README.md in this folder).
import './setup';
import { IonInput as IonInputElement, defineCustomElement as defineIonInput } from '@ionic/core/components/ion-input.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonInput = /*@__PURE__*/ createComponent({
  tagName: 'ion-input',
  elementClass: IonInputElement,
  react: React,
  events: { onIonInput: 'ionInput', onIonChange: 'ionChange', onIonBlur: 'ionBlur', onIonFocus: 'ionFocus' },
  defineCustomElement: defineIonInput,
}) as unknown as typeof Ionic.IonInput;
