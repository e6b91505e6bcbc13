// IonBadge: the same proxies as @ionic/react's; the build points the app's imports here (vite.config.ts, splitIonic).
import { IonBadge as IonBadgeElement, defineCustomElement as defineIonBadge } from '@ionic/core/components/ion-badge.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonBadge = /*@__PURE__*/ createComponent({
  tagName: 'ion-badge',
  elementClass: IonBadgeElement,
  react: React,
  events: {},
  defineCustomElement: defineIonBadge,
}) as unknown as typeof Ionic.IonBadge;
