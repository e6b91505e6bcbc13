import { describe, expect, it as test } from 'vitest';
import type { AgentStatistics, QuotationList } from '@core/schemas/sales';
import { describeQuotation, describeQuotations, describeStats, type PersonalRequest, quotationSearchOf, readRequest } from './personal-assistant';

// The personal assistant (docs/adr/0142-assistants.md) is not the FAQ bot: it answers about the agent's own work. Realistic
// questions an agent types, with what the assistant must understand.
const CASES: [string, PersonalRequest][] = [
  ['Quanti preventivi ho fatto questo mese?', { kind: 'stats', interval: 'month', focus: 'count' }],
  ['quanti preventivi ho fatto oggi', { kind: 'stats', interval: 'today', focus: 'count' }],
  ['Come sta andando questa settimana?', { kind: 'stats', interval: 'days', focus: 'count' }],
  ['Quanti contratti ho chiuso il mese scorso?', { kind: 'stats', interval: 'prevmonth', focus: 'count' }],
  ['Riepilogo preventivi dell’anno scorso', { kind: 'stats', interval: 'prevyear', focus: 'count' }],
  ['Quanto ho guadagnato quest’anno?', { kind: 'stats', interval: 'year', focus: 'profit' }],
  ['provvigioni del mese', { kind: 'stats', interval: 'month', focus: 'profit' }],
  ['Quali sono le mie commissioni del mese scorso?', { kind: 'stats', interval: 'prevmonth', focus: 'profit' }],
  ['Mostrami i preventivi aperti', { kind: 'quotations', status: 'OPEN', customer: null }],
  ['ultimi preventivi', { kind: 'quotations', status: null, customer: null }],
  ['Quali preventivi ho vinto?', { kind: 'quotations', status: 'WON', customer: null }],
  ['preventivi persi', { kind: 'quotations', status: 'LOST', customer: null }],
  ['Trova i preventivi di Rossi', { kind: 'quotations', status: null, customer: 'Rossi' }],
  ['Ho un preventivo per Mario Rossi?', { kind: 'quotations', status: null, customer: 'Mario Rossi' }],
  ['preventivi in corso del cliente Esposito', { kind: 'quotations', status: 'OPEN', customer: 'Esposito' }],
  ['A che punto è il preventivo 10000042?', { kind: 'quotation', number: '10000042' }],
  ['10000042', { kind: 'quotation', number: '10000042' }],
  ['Voglio fare un nuovo preventivo', { kind: 'go', to: 'newQuotation' }],
  ['Come faccio a cambiare la password?', { kind: 'go', to: 'password' }],
  ['dove trovo la chiave API?', { kind: 'go', to: 'apiKey' }],
  ['Apri i clienti', { kind: 'go', to: 'customers' }],
  ['Portami alla vetrina offerte', { kind: 'go', to: 'offers' }],
  ['Voglio aggiungere un collaboratore al mio team', { kind: 'go', to: 'network' }],
  ['L’auto non è tra le offerte, come faccio?', { kind: 'go', to: 'offerRequest' }],
  ['Ciao', { kind: 'greeting' }],
  ['Cosa sai fare?', { kind: 'help' }],
  // Questions about the portal's rules are not about the agent's data: the FAQ answers them.
  ['È previsto un anticipo?', { kind: 'other' }],
  // How to add a customer, make a catalogue offer, find cars for new drivers: the FAQ explains how, which a link
  // to the customers or the offers would not (docs/adr/0057).
  ['Come aggiungo un nuovo cliente?', { kind: 'other' }],
  ['come inserisco un cliente', { kind: 'other' }],
  ['Come creo un’offerta nel catalogo?', { kind: 'other' }],
  ['voglio pubblicare una mia offerta', { kind: 'other' }],
  ['ci sono auto per neopatentati?', { kind: 'other' }],
  ['Quanto dura un contratto?', { kind: 'other' }],
  ['Che tempo fa a Milano?', { kind: 'other' }],
  ['', { kind: 'other' }],
];

describe('the personal assistant understands questions about the agent’s own work', () => {
  test.each(CASES)('%s', (question, expected) => {
    expect(readRequest(question)).toEqual(expected);
  });
});

const stats = (over: Partial<AgentStatistics> = {}): AgentStatistics => ({
  open: 4,
  won: 2,
  lost: 1,
  effective_profit: 1850,
  previous_effective_profit: 900,
  potential_profit: 3200.4,
  new_customers: 3,
  selectedRange: { interval: 'month', start: '2026-11-01', end: '2026-11-30' },
  monthly: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, open: 0, won: 0, lost: 0 })),
  ...over,
});

const item = (id: number, customer: string, status: 'OPEN' | 'WON' | 'LOST' = 'OPEN') => ({
  proposal_id: id,
  code: String(10_000_000 + id),
  status,
  step: 1,
  date: '2026-11-20T10:00:00+01:00',
  customer_name: customer,
  car_name: 'Fiat Panda 1.0 Hybrid',
  price: 249.9,
  deposit: 0,
  commission: 300,
  agent_name: 'Giulia Verdi',
  hasAttachments: false,
  stillValid: true,
  qualified: false,
  crm_id: null,
  category: { id: '', description: '' },
  sustainability: { answers: {} },
  hasAssistant: true,
  customer_activity: null,
});
const page = (items: ReturnType<typeof item>[], total = items.length): QuotationList => ({
  items: { data: items },
  total,
  lastPage: 1,
  currentPage: 1,
  itemsPerPage: 10,
});

describe('its replies come from the agent’s data', () => {
  test('counts and commission of a period, with its dates, formatted', () => {
    const r = describeStats(stats(), 'count');
    expect(r.text).toBe('Questo mese (01 novembre 2026 – 30 novembre 2026): 7 preventivi: 4 in corso, 2 vinti, 1 perso.');
    expect(r.lines?.join('\n')).toMatch(/provvigioni maturate 1\.850\s€/);
    expect(r.links?.[0]?.to).toBe('/dashboard');
    expect(describeStats(stats(), 'profit').text).toMatch(/provvigioni maturate 1\.850\s€/);
  });

  test('no commission figure without fees-visibility', () => {
    const r = describeStats(stats({ effective_profit: null, previous_effective_profit: null }), 'profit');
    expect(r.text).toContain('Le provvigioni non sono visibili');
    expect([r.text, ...(r.lines ?? [])].join(' ')).not.toMatch(/€/);
  });

  test('the newest three quotations, each with a link to its page', () => {
    const r = describeQuotations(page([item(1, 'Mario Rossi'), item(2, 'Luca Rossi'), item(3, 'Anna Rossi'), item(4, 'Ugo Rossi')], 12), {
      status: 'OPEN',
      customer: 'Rossi',
    });
    expect(r.text).toBe('Ho trovato 12 preventivi in corso per «Rossi»; ecco i 3 più recenti:');
    expect(r.lines).toEqual([
      'Mario Rossi · Fiat Panda 1.0 Hybrid · 249,90€ al mese · In corso · 20 novembre 2026',
      'Luca Rossi · Fiat Panda 1.0 Hybrid · 249,90€ al mese · In corso · 20 novembre 2026',
      'Anna Rossi · Fiat Panda 1.0 Hybrid · 249,90€ al mese · In corso · 20 novembre 2026',
    ]);
    expect(r.links?.map((l) => l.to)).toEqual(['/quotations/1', '/quotations/2', '/quotations/3', '/quotations']);
    expect(describeQuotations(page([]), { status: null, customer: 'Neri' }).text).toBe('Non trovo preventivi per «Neri» negli ultimi due anni.');
  });

  test('one quotation by number', () => {
    expect(describeQuotation(page([item(42, 'Mario Rossi', 'WON')]), '10000042').text).toBe(
      'Il preventivo 10000042 è di Mario Rossi: Fiat Panda 1.0 Hybrid, 249,90€ al mese, vinto, del 20 novembre 2026.',
    );
    expect(describeQuotation(page([]), '10000099').text).toBe('Non trovo il preventivo 10000099 tra i tuoi.');
  });

  test('the search it sends', () => {
    const today = new Date(2026, 10, 24);
    expect(quotationSearchOf({ status: 'WON', customer: 'Rossi' }, today)).toEqual({
      query: 'Rossi',
      status: ['WON'],
      startDate: '2024-11-24',
      endDate: '2026-11-24',
      sort: 'date-desc',
      page: 1,
    });
    expect(quotationSearchOf({ number: '10000042' }, today)).toMatchObject({ quotation_id: '10000042', startDate: '2000-01-01' });
  });
});
