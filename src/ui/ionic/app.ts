// IonApp, IonSplitPane: Stencil's React proxies of Ionic's custom elements, as @ionic/react builds them (README.md in this folder).
import { IonApp as IonAppElement, defineCustomElement as defineIonApp } from '@ionic/core/components/ion-app.js';
import { IonSplitPane as IonSplitPaneElement, defineCustomElement as defineIonSplitPane } from '@ionic/core/components/ion-split-pane.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonApp = /*@__PURE__*/ createComponent({
  tagName: 'ion-app',
  elementClass: IonAppElement,
  react: React,
  events: {},
  defineCustomElement: defineIonApp,
}) as unknown as typeof Ionic.IonApp;

export const IonSplitPane = /*@__PURE__*/ createComponent({
  tagName: 'ion-split-pane',
  elementClass: IonSplitPaneElement,
  react: React,
  events: { onIonSplitPaneVisible: 'ionSplitPaneVisible' },
  defineCustomElement: defineIonSplitPane,
}) as unknown as typeof Ionic.IonSplitPane;
