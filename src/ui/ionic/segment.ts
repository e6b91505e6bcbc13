// IonSegment, IonSegmentButton: the same proxies as @ionic/react's (README.md in this folder).
import { IonSegment as IonSegmentElement, defineCustomElement as defineIonSegment } from '@ionic/core/components/ion-segment.js';
import { IonSegmentButton as IonSegmentButtonElement, defineCustomElement as defineIonSegmentButton } from '@ionic/core/components/ion-segment-button.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonSegment = /*@__PURE__*/ createComponent({
  tagName: 'ion-segment',
  elementClass: IonSegmentElement,
  react: React,
  events: { onIonChange: 'ionChange' },
  defineCustomElement: defineIonSegment,
}) as unknown as typeof Ionic.IonSegment;

export const IonSegmentButton = /*@__PURE__*/ createComponent({
  tagName: 'ion-segment-button',
  elementClass: IonSegmentButtonElement,
  react: React,
  events: {},
  defineCustomElement: defineIonSegmentButton,
}) as unknown as typeof Ionic.IonSegmentButton;
