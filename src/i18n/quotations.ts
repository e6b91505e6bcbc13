/** Texts of the quotations list (see it.ts). */
import { it as shared } from './it';

export const quotations = {
  filter: 'Filtra',
  title: 'Preventivi Salvati',
  query: 'Cliente',
  queryPlaceholder: 'Nome, cognome, ragione sociale o email',
  fiscalCode: 'Codice fiscale o partita IVA',
  quotationId: 'Numero o codice preventivo',
  startDate: 'Dal',
  endDate: 'Al',
  agent: 'Agente',
  allAgents: 'Tutti gli agenti',
  status: 'Stato',
  sort: 'Ordina per data',
  sortNewest: 'Più recenti',
  sortOldest: 'Meno recenti',
  count: (n: number) => (n === 1 ? '1 preventivo' : `${n} preventivi`),
  removeAll: 'Rimuovi tutti',
  removeBadge: 'Clicca per rimuovere',
  badge: { query: 'Cliente', fiscal_code: 'CF/P.IVA', quotation_id: 'Preventivo' } as Record<'query' | 'fiscal_code' | 'quotation_id', string>,
  download: 'Scarica Preventivi.xlsx',
  downloadFailed: 'Non è stato possibile scaricare il file, riprova',
  loadError: 'Non è stato possibile caricare i preventivi',
  empty: 'Nessun preventivo trovato con questi filtri',
  monthly: (v: string) => `${v} al mese`,
  deposit: (v: string) => `Anticipo ${v}`,
  commission: (v: string) => `Provvigione ${v}`,
  pending: 'In attesa di invio',
  pendingRejected: 'Rifiutato dal server',
  expired: 'Scaduto',
  step: (n: number) => `Passo ${n} di 5`,
  noCode: 'Senza codice',
} as const;

/** The shared texts and this area's, looked up by key as everywhere: `it.quotations.…`. */
export const it = { ...shared, quotations };
