// IonProgressBar: the same proxies as @ionic/react's (README.md in this folder).
import './setup';
import { IonProgressBar as IonProgressBarElement, defineCustomElement as defineIonProgressBar } from '@ionic/core/components/ion-progress-bar.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonProgressBar = /*@__PURE__*/ createComponent({
  tagName: 'ion-progress-bar',
  elementClass: IonProgressBarElement,
  react: React,
  events: {},
  defineCustomElement: defineIonProgressBar,
}) as unknown as typeof Ionic.IonProgressBar;
