// IonItem: the same proxy as @ionic/react's, routerLink included (README.md in this folder).
import './setup';
import { IonItem as IonItemElement, defineCustomElement as defineIonItem } from '@ionic/core/components/ion-item.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';
import { withRouterLink } from './routing';

export const IonItem = /*@__PURE__*/ withRouterLink(
  createComponent({
    tagName: 'ion-item',
    elementClass: IonItemElement,
    react: React,
    events: {},
    defineCustomElement: defineIonItem,
  }),
  'IonItem',
) as unknown as typeof Ionic.IonItem;
