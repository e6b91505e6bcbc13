// IonCheckbox: the same proxy as @ionic/react's (README.md in this folder).
import './setup';
import { IonCheckbox as IonCheckboxElement, defineCustomElement as defineIonCheckbox } from '@ionic/core/components/ion-checkbox.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonCheckbox = /*@__PURE__*/ createComponent({
  tagName: 'ion-checkbox',
  elementClass: IonCheckboxElement,
  react: React,
  events: {
    onIonChange: 'ionChange',
    onIonFocus: 'ionFocus',
    onIonBlur: 'ionBlur',
  },
  defineCustomElement: defineIonCheckbox,
}) as unknown as typeof Ionic.IonCheckbox;
