/** Texts of the dashboard, the network and agent pages (see it.ts). */
import { it as shared } from './it';
import { team } from './account';

export const dashboard = {
  title: 'Dashboard',
  period: 'Periodo',
  periods: { today: 'Oggi', days: 'Ultimi 7 giorni', month: 'Questo mese', prevmonth: 'Mese scorso', year: "Quest'anno", prevyear: 'Anno scorso' } as Record<
    string,
    string
  >,
  status: 'Stato dei preventivi',
  open: 'In corso',
  won: 'Vinti',
  lost: 'Persi',
  contracts: 'Contratti totali',
  newCustomers: 'Nuovi clienti',
  profit: 'Profitto',
  effectiveProfit: 'Profitto effettivo',
  previousProfit: (v: string) => `Periodo precedente: ${v}`,
  potentialProfit: 'Profitto potenziale',
  monthly: (year: number) => `Andamento mensile ${year}`,
  quotationsSeries: 'Preventivi',
  contractsSeries: 'Contratti',
  agents: 'Agenti della rete',
  agentDetails: 'Dettagli agente',
  name: 'Nome',
  businessName: 'Ragione sociale',
  role: 'Ruolo',
  code: 'Codice',
  showAgent: (name: string) => `Mostra ${name}`,
  range: (a: string, b: string) => `Dal ${a} al ${b}`,
  loadError: 'Non è stato possibile caricare le statistiche',
  view: 'Vista',
  network: 'Tutta la rete',
  openAgent: "Apri la pagina dell'agente",
} as const;

export const network = {
  title: 'Rete',
  totals: 'Totali della rete',
  agents: 'Agenti della rete',
  agentsCount: (n: number) => (n === 1 ? '1 agente' : `${n} agenti`),
  agent: 'Agente',
  open: 'In corso',
  won: 'Vinti',
  lost: 'Persi',
  contracts: 'Contratti totali',
  effectiveProfit: 'Profitto effettivo',
  potentialProfit: 'Profitto potenziale',
  newCustomers: 'Nuovi clienti',
  customers: 'Clienti',
  allCustomers: 'Clienti della rete',
  you: 'tu',
  loadError: 'Non è stato possibile caricare le statistiche della rete',
} as const;

export const agentPage = {
  title: 'Agente',
  notFound: 'Agente non trovato',
  loadError: "Non è stato possibile caricare la pagina dell'agente",
  backHome: 'Torna alla Home',
  code: 'Codice',
  role: 'Ruolo',
  email: 'Email',
  phone: 'Telefono',
  group: 'Rete',
  parent: 'Capogruppo',
  since: 'Agente dal',
  status: 'Stato',
  customers: 'Clienti',
  showCustomers: 'Vedi i clienti',
  figures: 'Andamento',
  recent: 'Ultimi preventivi',
  noQuotations: 'Nessun preventivo',
} as const;

/** The shared texts and this area's, looked up by key as everywhere: `it.dashboard.…`. */
export const it = { ...shared, dashboard, network, agentPage, team };
