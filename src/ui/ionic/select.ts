// IonSelect, IonSelectOption: the same proxies as @ionic/react's (README.md in this folder).
import './setup';
import { IonSelect as IonSelectElement, defineCustomElement as defineIonSelect } from '@ionic/core/components/ion-select.js';
import { IonSelectOption as IonSelectOptionElement, defineCustomElement as defineIonSelectOption } from '@ionic/core/components/ion-select-option.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonSelect = /*@__PURE__*/ createComponent({
  tagName: 'ion-select',
  elementClass: IonSelectElement,
  react: React,
  events: {
    onIonChange: 'ionChange',
    onIonCancel: 'ionCancel',
    onIonDismiss: 'ionDismiss',
    onIonFocus: 'ionFocus',
    onIonBlur: 'ionBlur',
  },
  defineCustomElement: defineIonSelect,
}) as unknown as typeof Ionic.IonSelect;

export const IonSelectOption = /*@__PURE__*/ createComponent({
  tagName: 'ion-select-option',
  elementClass: IonSelectOptionElement,
  react: React,
  events: {},
  defineCustomElement: defineIonSelectOption,
}) as unknown as typeof Ionic.IonSelectOption;
