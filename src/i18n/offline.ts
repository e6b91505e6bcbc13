/** Texts of the sync panel and the ready toast (src/shell/, loaded when shown; see it.ts). */
import { it as shared } from './it';

export const offline = {
  // Ready offline (docs/adr/0040-ready-offline-on-a-first-visit.md): the texts are the ones the product asked for.
  ready: "Pronto per l'uso offline",
  preparing: (percent: number) => `Preparazione per l'uso offline: ${percent}%`,
  // With the device's storage short: what opens offline and what does not (docs/adr/0040-ready-offline-on-a-first-visit.md).
  storageShort: 'Lo spazio del dispositivo non basta per tutto il portale.',
  availableOffline: (parts: string) => `Disponibili offline: ${parts}.`,
  missingOffline: (parts: string) => `Non disponibili offline: ${parts}.`,
  noneOffline: 'nessuna',
  parts: {
    catalogue: 'catalogo delle offerte',
    offers: 'Offerte',
    detail: 'dettaglio delle offerte',
    wizard: 'nuovo preventivo',
    quotations: 'Preventivi Salvati',
    other: 'le altre schermate',
  },
};

export const it = { ...shared, offline: { ...shared.offline, ...offline } };
