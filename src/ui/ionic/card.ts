// IonCard (routerLink included), IonCardContent, IonCardHeader, IonCardTitle: the same proxies as @ionic/react's (README.md in this folder).
import './setup';
import { IonCard as IonCardElement, defineCustomElement as defineIonCard } from '@ionic/core/components/ion-card.js';
import { IonCardContent as IonCardContentElement, defineCustomElement as defineIonCardContent } from '@ionic/core/components/ion-card-content.js';
import { IonCardHeader as IonCardHeaderElement, defineCustomElement as defineIonCardHeader } from '@ionic/core/components/ion-card-header.js';
import { IonCardTitle as IonCardTitleElement, defineCustomElement as defineIonCardTitle } from '@ionic/core/components/ion-card-title.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';
import { withRouterLink } from './routing';

export const IonCard = /*@__PURE__*/ withRouterLink(
  createComponent({
    tagName: 'ion-card',
    elementClass: IonCardElement,
    react: React,
    events: {},
    defineCustomElement: defineIonCard,
  }),
  'IonCard',
) as unknown as typeof Ionic.IonCard;

export const IonCardContent = /*@__PURE__*/ createComponent({
  tagName: 'ion-card-content',
  elementClass: IonCardContentElement,
  react: React,
  events: {},
  defineCustomElement: defineIonCardContent,
}) as unknown as typeof Ionic.IonCardContent;

export const IonCardHeader = /*@__PURE__*/ createComponent({
  tagName: 'ion-card-header',
  elementClass: IonCardHeaderElement,
  react: React,
  events: {},
  defineCustomElement: defineIonCardHeader,
}) as unknown as typeof Ionic.IonCardHeader;

export const IonCardTitle = /*@__PURE__*/ createComponent({
  tagName: 'ion-card-title',
  elementClass: IonCardTitleElement,
  react: React,
  events: {},
  defineCustomElement: defineIonCardTitle,
}) as unknown as typeof Ionic.IonCardTitle;
