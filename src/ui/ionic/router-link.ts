// IonRouterLink: Stencil's React proxies of Ionic's custom elements, as @ionic/react builds them (README.md in this folder).
import './setup';
import { IonRouterLink as IonRouterLinkElement, defineCustomElement as defineIonRouterLink } from '@ionic/core/components/ion-router-link.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';
import { withRouterLink } from './routing';

export const IonRouterLink = /*@__PURE__*/ withRouterLink(
  createComponent({
    tagName: 'ion-router-link',
    elementClass: IonRouterLinkElement,
    react: React,
    events: {},
    defineCustomElement: defineIonRouterLink,
  }),
  'IonRouterLink',
) as unknown as typeof Ionic.IonRouterLink;
