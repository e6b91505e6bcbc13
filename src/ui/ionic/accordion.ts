// IonAccordion, IonAccordionGroup: the same proxies as @ionic/react's (README.md in this folder).
import './setup';
import { IonAccordion as IonAccordionElement, defineCustomElement as defineIonAccordion } from '@ionic/core/components/ion-accordion.js';
import { IonAccordionGroup as IonAccordionGroupElement, defineCustomElement as defineIonAccordionGroup } from '@ionic/core/components/ion-accordion-group.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonAccordion = /*@__PURE__*/ createComponent({
  tagName: 'ion-accordion',
  elementClass: IonAccordionElement,
  react: React,
  events: {},
  defineCustomElement: defineIonAccordion,
}) as unknown as typeof Ionic.IonAccordion;

export const IonAccordionGroup = /*@__PURE__*/ createComponent({
  tagName: 'ion-accordion-group',
  elementClass: IonAccordionGroupElement,
  react: React,
  events: { onIonChange: 'ionChange' },
  defineCustomElement: defineIonAccordionGroup,
}) as unknown as typeof Ionic.IonAccordionGroup;
