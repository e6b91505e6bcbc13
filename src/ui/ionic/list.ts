// IonList, IonLabel: the same proxies as @ionic/react's (README.md in this folder).
import './setup';
import { IonList as IonListElement, defineCustomElement as defineIonList } from '@ionic/core/components/ion-list.js';
import { IonLabel as IonLabelElement, defineCustomElement as defineIonLabel } from '@ionic/core/components/ion-label.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonList = /*@__PURE__*/ createComponent({
  tagName: 'ion-list',
  elementClass: IonListElement,
  react: React,
  events: {},
  defineCustomElement: defineIonList,
}) as unknown as typeof Ionic.IonList;

export const IonLabel = /*@__PURE__*/ createComponent({
  tagName: 'ion-label',
  elementClass: IonLabelElement,
  react: React,
  events: {},
  defineCustomElement: defineIonLabel,
}) as unknown as typeof Ionic.IonLabel;
