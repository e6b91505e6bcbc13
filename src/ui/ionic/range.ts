// IonRange: the same proxies as @ionic/react's (README.md in this folder).
import './setup';
import { IonRange as IonRangeElement, defineCustomElement as defineIonRange } from '@ionic/core/components/ion-range.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonRange = /*@__PURE__*/ createComponent({
  tagName: 'ion-range',
  elementClass: IonRangeElement,
  react: React,
  events: {
    onIonChange: 'ionChange',
    onIonInput: 'ionInput',
    onIonFocus: 'ionFocus',
    onIonBlur: 'ionBlur',
    onIonKnobMoveStart: 'ionKnobMoveStart',
    onIonKnobMoveEnd: 'ionKnobMoveEnd',
  },
  defineCustomElement: defineIonRange,
}) as unknown as typeof Ionic.IonRange;
