// IonHeader, IonToolbar, IonTitle, IonButtons: the same proxies as @ionic/react's (README.md in this folder).
import './setup';
import { IonHeader as IonHeaderElement, defineCustomElement as defineIonHeader } from '@ionic/core/components/ion-header.js';
import { IonToolbar as IonToolbarElement, defineCustomElement as defineIonToolbar } from '@ionic/core/components/ion-toolbar.js';
import { IonTitle as IonTitleElement, defineCustomElement as defineIonTitle } from '@ionic/core/components/ion-title.js';
import { IonButtons as IonButtonsElement, defineCustomElement as defineIonButtons } from '@ionic/core/components/ion-buttons.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonHeader = /*@__PURE__*/ createComponent({
  tagName: 'ion-header',
  elementClass: IonHeaderElement,
  react: React,
  events: {},
  defineCustomElement: defineIonHeader,
}) as unknown as typeof Ionic.IonHeader;

export const IonToolbar = /*@__PURE__*/ createComponent({
  tagName: 'ion-toolbar',
  elementClass: IonToolbarElement,
  react: React,
  events: {},
  defineCustomElement: defineIonToolbar,
}) as unknown as typeof Ionic.IonToolbar;

export const IonTitle = /*@__PURE__*/ createComponent({
  tagName: 'ion-title',
  elementClass: IonTitleElement,
  react: React,
  events: {},
  defineCustomElement: defineIonTitle,
}) as unknown as typeof Ionic.IonTitle;

export const IonButtons = /*@__PURE__*/ createComponent({
  tagName: 'ion-buttons',
  elementClass: IonButtonsElement,
  react: React,
  events: {},
  defineCustomElement: defineIonButtons,
}) as unknown as typeof Ionic.IonButtons;
