// IonText, IonNote: Stencil's React proxies of Ionic's custom elements, as @ionic/react builds them (README.md in this folder).
import { IonText as IonTextElement, defineCustomElement as defineIonText } from '@ionic/core/components/ion-text.js';
import { IonNote as IonNoteElement, defineCustomElement as defineIonNote } from '@ionic/core/components/ion-note.js';
import type * as Ionic from '@ionic/react';
import { createComponent } from '@stencil/react-output-target/runtime';
import React from 'react';

export const IonText = /*@__PURE__*/ createComponent({
  tagName: 'ion-text',
  elementClass: IonTextElement,
  react: React,
  events: {},
  defineCustomElement: defineIonText,
}) as unknown as typeof Ionic.IonText;

export const IonNote = /*@__PURE__*/ createComponent({
  tagName: 'ion-note',
  elementClass: IonNoteElement,
  react: React,
  events: {},
  defineCustomElement: defineIonNote,
}) as unknown as typeof Ionic.IonNote;
