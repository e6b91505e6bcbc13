// IonSkeletonText: the same proxies as @ionic/react's (README.md in this folder).
import { IonSkeletonText as IonSkeletonTextElement, defineCustomElement as defineIonSkeletonText } from '@ionic/core/components/ion-skeleton-text.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonSkeletonText = /*@__PURE__*/ createComponent({
  tagName: 'ion-skeleton-text',
  elementClass: IonSkeletonTextElement,
  react: React,
  events: {},
  defineCustomElement: defineIonSkeletonText,
}) as unknown as typeof Ionic.IonSkeletonText;
