/** Texts of the customers list and detail (see it.ts). */
import { it as shared } from './it';

export const customers = {
  title: 'Clienti',
  query: 'Cerca cliente',
  queryPlaceholder: 'Nome, ragione sociale, email, codice fiscale o partita IVA',
  agent: 'Agente',
  allAgents: 'Tutti gli agenti',
  count: (n: number) => (n === 1 ? '1 cliente' : `${n} clienti`),
  empty: 'Nessun cliente trovato',
  loadError: 'Non è stato possibile caricare i clienti',
  quotations: (n: number) => (n === 1 ? '1 preventivo' : `${n} preventivi`),
  lastQuotation: (d: string) => `Ultimo preventivo ${d}`,
  privateType: 'Privato',
  businessType: 'P.IVA',
  back: 'Torna ai clienti',
  notFound: 'Cliente non trovato',
  details: 'Dati del cliente',
  contact: 'Referente',
  fiscalCode: 'Codice fiscale',
  vatNumber: 'Partita IVA',
  email: 'Email',
  phone: 'Telefono',
  address: 'Indirizzo',
  category: 'Categoria contrattuale',
  agentName: 'Agente',
  since: 'Cliente dal',
  notes: 'Note',
  quotationsTitle: 'Preventivi del cliente',
  noQuotations: 'Nessun preventivo per questo cliente',
  moreQuotations: (n: number) => `Sono mostrati i ${n} preventivi più recenti: gli altri sono in Preventivi Salvati.`,
} as const;

/** The shared texts and this area's, looked up by key as everywhere: `it.customers.…`. */
export const it = { ...shared, customers };
