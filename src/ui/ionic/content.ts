// IonContent: Stencil's React proxies of Ionic's custom elements, as @ionic/react builds them (README.md in this folder).
import './setup';
import { IonContent as IonContentElement, defineCustomElement as defineIonContent } from '@ionic/core/components/ion-content.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonContent = /*@__PURE__*/ createComponent({
  tagName: 'ion-content',
  elementClass: IonContentElement,
  react: React,
  events: { onIonScrollStart: 'ionScrollStart', onIonScroll: 'ionScroll', onIonScrollEnd: 'ionScrollEnd' },
  defineCustomElement: defineIonContent,
}) as unknown as typeof Ionic.IonContent;
