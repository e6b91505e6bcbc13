// IonChip: the same proxies as @ionic/react's (README.md in this folder).
import { IonChip as IonChipElement, defineCustomElement as defineIonChip } from '@ionic/core/components/ion-chip.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonChip = /*@__PURE__*/ createComponent({
  tagName: 'ion-chip',
  elementClass: IonChipElement,
  react: React,
  events: {},
  defineCustomElement: defineIonChip,
}) as unknown as typeof Ionic.IonChip;
