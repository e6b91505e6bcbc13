// IonToggle: the same proxies as @ionic/react's (README.md in this folder).
import './setup';
import { IonToggle as IonToggleElement, defineCustomElement as defineIonToggle } from '@ionic/core/components/ion-toggle.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonToggle = /*@__PURE__*/ createComponent({
  tagName: 'ion-toggle',
  elementClass: IonToggleElement,
  react: React,
  events: {
    onIonChange: 'ionChange',
    onIonFocus: 'ionFocus',
    onIonBlur: 'ionBlur',
  },
  defineCustomElement: defineIonToggle,
}) as unknown as typeof Ionic.IonToggle;
