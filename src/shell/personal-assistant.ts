import { formatDateIt, formatEuro, formatMonthly, formatNumber } from '@core/format';
import { STATUS_LABELS, type QuotationStatus } from '@core/quotation';
import type { AgentStatistics, QuotationList, StatsInterval } from '@core/schemas/sales';
import { it } from '../i18n/help';
import { links } from '../routes';

/**
 * The personal assistant (sales-portal.md §2: the second bot, for a user with a bot identifier): the
 * FAQ assistant answers general questions about renting; this one is linked to the agent's account
 * and answers about their own work, from the same API the screens use: how many quotations and what
 * commission in a period (GET agent/{code}/statistics), their latest or a customer's quotations, one
 * quotation by number (POST quotations), and where to go for a task. What it is asked is read by
 * `readRequest` (pure, tested on realistic questions); `describe*` turn the server's answer into
 * the reply. A question about the portal's rules gets the FAQ's answer, said to come from there.
 */
export type PersonalRequest =
  | { kind: 'greeting' }
  | { kind: 'help' }
  | { kind: 'stats'; interval: StatsInterval; focus: 'count' | 'profit' }
  | { kind: 'quotations'; status: QuotationStatus | null; customer: string | null }
  | { kind: 'quotation'; number: string }
  | { kind: 'go'; to: Destination }
  | { kind: 'other' };

export type Destination =
  'newQuotation' | 'offers' | 'customers' | 'dashboard' | 'profile' | 'password' | 'apiKey' | 'network' | 'faq' | 'support' | 'offerRequest';

export type Reply = { text: string; lines?: string[]; links?: { label: string; to: string }[] };

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’`]/g, "'");

const has = (text: string, ...patterns: RegExp[]) => patterns.some((p) => p.test(text));

const QUOTATION = /\b(preventiv\w*|propost\w*|quotazion\w*|trattativ\w*)\b/;
const PROFIT = /\b(provvigion\w*|commission\w*|guadagn\w*|fee|compens\w*|incass\w*|maturat\w*)\b/;
const COUNT = /\b(quant[ie]|numero|totale|conteggio|riepilogo|andamento|com'e andat\w*|come sta andando|come va|come vado|statistic\w*|risultat\w*)\b/;

/** The period a question names; this month when it names none (the dashboard's default). */
export function intervalOf(text: string): StatsInterval {
  const t = fold(text);
  if (/\boggi\b/.test(t)) return 'today';
  if (/\b(settimana|7 giorni|sette giorni|ultimi giorni)\b/.test(t)) return 'days';
  if (/\b(mese scorso|mese precedente|scorso mese|ultimo mese)\b/.test(t)) return 'prevmonth';
  if (/\b(anno scorso|anno precedente|scorso anno)\b/.test(t)) return 'prevyear';
  if (/\b(quest'anno|quest anno|anno|annuale|da gennaio)\b/.test(t)) return 'year';
  return 'month';
}

function statusOf(t: string): QuotationStatus | null {
  if (/\b(vint\w*|chius\w* positiv\w*|accettat\w*|firmat\w*|andat\w* a buon fine)\b/.test(t)) return 'WON';
  if (/\b(pers[io]?|persa|perse|rifiutat\w*|sfumat\w*|andat\w* male)\b/.test(t)) return 'LOST';
  if (/\b(apert\w*|in corso|attiv[io]|pendent\w*|da chiudere|in sospeso)\b/.test(t)) return 'OPEN';
  return null;
}

/** A customer named in the question: 'di Rossi', 'per Mario Rossi', 'cliente Bianchi', 'intestati a Esposito'. */
function customerOf(original: string): string | null {
  const m = /\b(?:del cliente|della cliente|cliente|clienti|di|per|a|intestat[oaie] a)\s+((?:[A-ZÀ-Ý][\p{L}'’-]+)(?:\s+[A-ZÀ-Ý][\p{L}'’-]+){0,2})/u.exec(
    original,
  );
  if (!m?.[1]) return null;
  const name = m[1].trim();
  // Words a sentence starts with a capital for are not names.
  return /^(Oggi|Questo|Questa|Quest|Ieri|Gennaio|Febbraio|Marzo|Aprile|Maggio|Giugno|Luglio|Agosto|Settembre|Ottobre|Novembre|Dicembre)\b/.test(name)
    ? null
    : name;
}

export function readRequest(question: string): PersonalRequest {
  const t = fold(question).trim();
  if (!t) return { kind: 'other' };
  const words = t.split(/\s+/);

  const number = /\b(?:preventivo|proposta|pratica|numero|n\.?|nr\.?|#)\s*(\d{5,9})\b/.exec(t) ?? /^\s*#?(\d{5,9})\s*$/.exec(t);
  if (number?.[1]) return { kind: 'quotation', number: number[1] };

  if (words.length <= 3 && has(t, /^(ciao|buongiorno|buonasera|salve|hey|ehi|buon pomeriggio)\b/)) return { kind: 'greeting' };
  if (has(t, /\b(cosa (sai|puoi) fare|che cosa (sai|puoi) fare|come (mi )?puoi aiutar\w*|cosa mi sai dire|aiuto|help|come funzioni|chi sei)\b/))
    return { kind: 'help' };

  // Tasks: where to go (asked as a wish or an order, not as a count).
  const wants = has(t, /\b(voglio|vorrei|devo|fammi|fai|apri|aprimi|portami|vai|mostra\w*|crea\w*|fare|nuov[oa]|inizia\w*|come (faccio|si fa|posso)|dove)\b/);
  if (wants && !COUNT.test(t)) {
    if (
      has(
        t,
        /\b(nuov[oa] (preventiv\w*|propost\w*|quotazion\w*)|(crea\w*|fare|inizia\w*|preparare) (un |una )?(nuov[oa] )?(preventiv\w*|propost\w*|quotazion\w*))\b/,
      )
    )
      return { kind: 'go', to: 'newQuotation' };
    if (has(t, /\b(auto non (e )?(tra|nel|in) \w+|offerta manuale|richiesta (di )?offerta|richiedere un'auto|auto che non trovo)\b/))
      return { kind: 'go', to: 'offerRequest' };
    // How to add a customer or make a catalogue offer is the FAQ's to explain (a customer is added by a quotation;
    // a catalogue offer has its own rules): a link to a page would not say how.
    if (has(t, /\b(aggiung\w*|inser\w*|registr\w*|cre[ao]\w*)\b.*\bclient[ei]\b/, /\b(catalogo|pubblic\w*)\b/)) return { kind: 'other' };
    if (has(t, /\bpassword\b/)) return { kind: 'go', to: 'password' };
    if (has(t, /\bchiave api\b|\bapi key\b/)) return { kind: 'go', to: 'apiKey' };
    if (has(t, /\b(profilo|logo|dati personali|tema)\b/)) return { kind: 'go', to: 'profile' };
    if (has(t, /\b(rete|team|sub[- ]?agent\w*|collaborator\w*)\b/)) return { kind: 'go', to: 'network' };
    if (has(t, /\b(dashboard|cruscotto)\b/)) return { kind: 'go', to: 'dashboard' };
    if (has(t, /\b(client[ei]|anagrafic\w*)\b/) && !QUOTATION.test(t)) return { kind: 'go', to: 'customers' };
    if (has(t, /\b(offert\w*|vetrina|catalogo auto|listino)\b/) && !QUOTATION.test(t)) return { kind: 'go', to: 'offers' };
    if (has(t, /\b(support\w*|assistenza|contatt\w*)\b/)) return { kind: 'go', to: 'support' };
  }

  if (PROFIT.test(t)) return { kind: 'stats', interval: intervalOf(t), focus: 'profit' };
  if (QUOTATION.test(t) || has(t, /\b(vendut\w*|contratt\w* (chius\w*|firmat\w*)|ho chiuso|ho vinto|ho perso)\b/)) {
    const status = statusOf(t);
    const customer = customerOf(question);
    if (COUNT.test(t) && !customer) return { kind: 'stats', interval: intervalOf(t), focus: 'count' };
    return { kind: 'quotations', status, customer };
  }
  if (COUNT.test(t) && has(t, /\b(mese|anno|oggi|settimana|vendit\w*|lavoro)\b/)) return { kind: 'stats', interval: intervalOf(t), focus: 'count' };
  return { kind: 'other' };
}

const t = () => it.personalAssistant;

/** Where a destination is, and its label. */
export function destination(to: Destination): { label: string; to: string } {
  const d = t().destinations;
  const where: Record<Destination, string> = {
    newQuotation: links.offers(),
    offerRequest: links.offerRequest(),
    offers: links.offers(),
    customers: links.customers(),
    dashboard: links.dashboard(),
    profile: links.profile(),
    password: links.profile('password'),
    apiKey: links.profile('apiKey'),
    network: links.admin(),
    faq: links.faq(),
    support: links.support(),
  };
  return { label: d[to], to: where[to] };
}

export function describeStats(s: AgentStatistics, focus: 'count' | 'profit'): Reply {
  const period = t().periods[s.selectedRange.interval] ?? '';
  const range = `${formatDateIt(s.selectedRange.start)} – ${formatDateIt(s.selectedRange.end)}`;
  const total = s.open + s.won + s.lost;
  const counts = t().counts(formatNumber(total), formatNumber(s.open), formatNumber(s.won), formatNumber(s.lost));
  const lines = [
    ...(s.effective_profit !== null ? [t().effective(formatEuro(s.effective_profit, { decimals: 0 }))] : []),
    ...(s.effective_profit !== null ? [t().potential(formatEuro(s.potential_profit, { decimals: 0 }))] : []),
    t().newCustomers(formatNumber(s.new_customers)),
  ];
  const text =
    focus === 'profit' && s.effective_profit === null
      ? `${period} (${range}): ${counts} ${t().noFees}`
      : focus === 'profit'
        ? `${period} (${range}): ${t().effective(formatEuro(s.effective_profit ?? 0, { decimals: 0 }))}.`
        : `${period} (${range}): ${counts}`;
  return { text, lines: focus === 'profit' ? [counts, ...lines.slice(1)] : lines, links: [{ label: t().destinations.dashboard, to: links.dashboard() }] };
}

/** The newest quotations found (at most 3 shown), each linking to its page. */
export function describeQuotations(list: QuotationList, r: { status: QuotationStatus | null; customer: string | null }): Reply {
  const what = r.status ? (t().statusWords[r.status] ?? '') : '';
  if (list.total === 0)
    return { text: r.customer ? t().noneFor(r.customer, what) : t().none(what), links: [{ label: t().destinations.quotations, to: links.quotations() }] };
  const shown = list.items.data.slice(0, 3);
  return {
    text: t().found(formatNumber(list.total), what, r.customer, shown.length),
    lines: shown.map((q) => `${q.customer_name} · ${q.car_name} · ${formatMonthly(q.price)} · ${STATUS_LABELS[q.status]} · ${formatDateIt(q.date)}`),
    links: [
      ...shown.map((q) => ({ label: t().open(q.code ?? String(q.proposal_id), q.customer_name), to: links.quotation(q.proposal_id) })),
      { label: t().destinations.quotations, to: links.quotations() },
    ],
  };
}

export function describeQuotation(list: QuotationList, number: string): Reply {
  const q = list.items.data[0];
  if (!q) return { text: t().notFound(number) };
  return {
    text: t().one(q.code ?? number, q.customer_name, q.car_name, formatMonthly(q.price), STATUS_LABELS[q.status], formatDateIt(q.date)),
    links: [{ label: t().open(q.code ?? number, q.customer_name), to: links.quotation(q.proposal_id) }],
  };
}

/** The quotation search of a request: two years back for a name or the latest ones, every date for a number. */
export function quotationSearchOf(r: { status: QuotationStatus | null; customer: string | null } | { number: string }, today = new Date()) {
  const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const end = ymd(today);
  if ('number' in r) return { quotation_id: r.number, startDate: '2000-01-01', endDate: end, sort: 'date-desc' as const, page: 1 };
  const start = ymd(new Date(today.getFullYear() - 2, today.getMonth(), today.getDate()));
  return { query: r.customer ?? '', status: r.status ? [r.status] : [], startDate: start, endDate: end, sort: 'date-desc' as const, page: 1 };
}
