import MiniSearch from 'minisearch';

/**
 * The assistants' matching: a ranked full-text search (MiniSearch, BM25) over the FAQ with Italian folding
 * (accents and common words dropped, a final vowel dropped so 'lordo' and 'lorda' meet, words cut to a 5-letter
 * stem, one typo forgiven on longer words), each entry's question and its own keywords weighing more than its
 * answer. The words every question of this trade carries ('cliente', 'auto', 'offerta', 'noleggio', 'canone')
 * say nothing about which entry it asks for: they are left out of the search and of its measure. An entry is an
 * answer only when it is confident (docs/adr/0057-assistants-evaluation-set.md): more than half of the
 * question's telling words found in it, at least one of them in its question or keywords (not only somewhere
 * in its answer), and a score above a floor; otherwise the assistant says it is not sure and points to the
 * FAQ and to support. No model, no network: the same answers offline.
 */
const STOP = new Set(
  (
    'il lo la i gli le un uno una di a da in con su per tra fra e o ma se che chi cosa come quale quali quanto quanta quanti quante quando dove non ' +
    'mi ti si ci vi ne del della dei delle degli al alla ai alle dal dalla nel nella sul sulla nei sui dei agli è e sono puo può posso possono ' +
    'essere avere ha hanno ho c ce cè previsto prevista io tu lui lei noi voi loro mio mia miei mie tuo tua suo sua questo questa quello quella anche ' +
    'piu più molto poco ogni tutto tutti qual fare far faccio fa devo deve serve servono bisogna vorrei voglio sapere dire dimmi spiegami mai ' +
    'c’è cos cos’è s dell nell all sull un’ l d caso esempio già gia ancora solo proprio quindi allora però pero ok grazie salve ciao'
  ).split(' '),
);

/** Spellings of one word: the first is kept ('kilometri' is 'chilometri'). */
const SAME: Record<string, string> = { kilometri: 'chilometri', kilometro: 'chilometro', kilometraggio: 'chilometraggio', kasko: 'casco' };

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/** A word as the index keeps it: folded, common words dropped, a final vowel dropped, cut to a 5-letter stem. */
export function stem(word: string): string | null {
  const folded = fold(word).replace(/[^a-z0-9]/g, '');
  if (folded.length < 2 || STOP.has(folded)) return null;
  const w = SAME[folded] ?? folded;
  // 'cercare' and 'cerco', 'carico' and 'caricare', 'lordo' and 'lorda' meet: an infinitive's ending or a final vowel goes.
  const root = w.length > 6 ? w.replace(/(?:are|ere|ire)$|[aeio]$/, '') : w.length > 3 ? w.replace(/[aeio]$/, '') : w;
  return root.length > 5 ? root.slice(0, 5) : root;
}

const tokenize = (text: string) => fold(text).split(/[^a-z0-9]+/);

/** The distinct stems of a text. */
export const stems = (text: string): string[] => [
  ...new Set(
    tokenize(text)
      .map(stem)
      .filter((s): s is string => s !== null),
  ),
];

/** Figures and number words are the asker's own case ('12 mesi', '40000 km', 'due offerte'): they name no entry. */
const isCount = (stem: string) => /^\d+$/.test(stem) || NUMBER_WORDS.has(stem);
const NUMBER_WORDS = new Set(stems('due tre quattro cinque sei sette otto nove dieci venti cento mille'));

/** Words of the trade that every question may carry: they weigh half, in the search and in its measure. */
const GENERIC = new Set(
  stems(
    'cliente clienti auto macchina macchine vettura offerta offerte noleggio noleggi noleggiare canone canoni rata rate prezzo prezzi portale ' +
      'vuole vogliono volere trovo trovare trova vedo vedere vede mostrato mostrata mostra',
  ),
);

export type FaqEntry = { id: string; q: string; a: string; keywords?: string };

const SUPPORT_WORDS = new Set(
  stems('supporto assistenza contatto contattare contatti telefono telefonare numero email mail aiuto help operatore parlare persona scrivo scrivere'),
);

export type Answer<E extends FaqEntry = FaqEntry> = { kind: 'faq'; entry: E; score: number } | { kind: 'support' } | { kind: 'none' };

/** More than this share of the question's telling words must be found in the entry (typos count half)... */
export const MIN_COVERAGE = 0.5;
/** ...and the entry's score (BM25, boosted) must reach this floor. */
export const MIN_SCORE = 3;

type Doc = { id: number; q: string; a: string; keywords: string };

const indexes = new WeakMap<readonly FaqEntry[], MiniSearch<Doc>>();

function indexOf(faq: readonly FaqEntry[]): MiniSearch<Doc> {
  let index = indexes.get(faq);
  if (!index) {
    index = new MiniSearch<Doc>({
      fields: ['q', 'a', 'keywords'],
      tokenize,
      processTerm: stem,
      searchOptions: {
        boost: { q: 2, keywords: 2, a: 1 },
        fuzzy: (term) => (term.length >= 5 ? 1 : 0),
        prefix: false,
        combineWith: 'OR',
        // The query is already made of stems (below); the trade's common words weigh less.
        processTerm: (term) => term,
        boostTerm: (term) => (GENERIC.has(term) ? 0.1 : 1),
      },
    });
    index.addAll(faq.map((e, id) => ({ id, q: e.q, a: e.a, keywords: e.keywords ?? '' })));
    indexes.set(faq, index);
  }
  return index;
}

export function answer<E extends FaqEntry>(question: string, faq: readonly E[]): Answer<E> {
  const words = stems(question).filter((w) => !isCount(w));
  if (words.length === 0) return { kind: 'none' };
  const asksSupport = words.some((w) => SUPPORT_WORDS.has(w));
  const weight = (w: string) => (GENERIC.has(w) ? 0.5 : 1);
  // A question made only of the trade's common words ('auto', 'offerta') names no entry.
  const [best] = words.some((w) => !GENERIC.has(w)) ? indexOf(faq).search(words.join(' ')) : [];
  if (best) {
    // The question's words the entry matched, each by its weight: a word found as written counts whole, one found
    // only through a typo half ('assistenza' is not 'assicurative').
    const exact = new Set(best.terms);
    const found = best.queryTerms.reduce((sum, term) => sum + weight(term) * (exact.has(term) ? 1 : 0.5), 0);
    const coverage = found / words.reduce((sum, w) => sum + weight(w), 0);
    // At least one telling word in the entry's own question or keywords: a word met only in an answer is chance.
    const anchored = Object.entries(best.match).some(([term, fields]) => !GENERIC.has(term) && (fields.includes('q') || fields.includes('keywords')));
    const entry = faq[best.id as number];
    if (entry && anchored && coverage > MIN_COVERAGE && best.score >= MIN_SCORE && !(asksSupport && coverage < 1))
      return { kind: 'faq', entry, score: best.score };
  }
  return asksSupport ? { kind: 'support' } : { kind: 'none' };
}
