import MiniSearch from 'minisearch';

/**
 * The assistants' matching (docs/adr/0142-assistants.md): a ranked full-text search (MiniSearch, BM25) over the FAQ with
 * Italian folding (accents and common words dropped, words cut to a 5-letter stem, one typo forgiven
 * on longer words), each entry's question and its own keywords weighing more than its answer. An entry
 * is an answer only when it is confident: most of the question's words found in it and a score above
 * a floor; otherwise the assistant says it found nothing and gives the support contacts. No model, no
 * network: the same answers offline.
 */
const STOP = new Set(
  (
    'il lo la i gli le un uno una di a da in con su per tra fra e o ma se che chi cosa come quale quali quanto quanta quanti quante quando dove non ' +
    'mi ti si ci vi ne del della dei delle degli al alla ai alle dal dalla nel nella sul sulla nei sui dei agli è e sono puo può posso possono ' +
    'essere avere ha hanno ho c ce cè previsto prevista io tu lui lei noi voi loro mio mia tuo tua suo sua questo questa quello quella anche ' +
    'piu più molto poco ogni tutto tutti qual fare faccio fa devo deve serve servono bisogna vorrei voglio sapere dire dimmi spiegami mai ' +
    'c’è cos cos’è s dell nell all sull un’ l d'
  ).split(' '),
);

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/** A word as the index keeps it: folded, common words dropped, cut to a 5-letter stem. */
export function stem(word: string): string | null {
  const w = fold(word).replace(/[^a-z0-9]/g, '');
  if (w.length < 2 || STOP.has(w)) return null;
  return w.length > 5 ? w.slice(0, 5) : w;
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

export type FaqEntry = { q: string; a: string; keywords?: string };

const SUPPORT_WORDS = new Set(
  stems('supporto assistenza contatto contattare contatti telefono telefonare numero email mail aiuto help operatore parlare persona'),
);

export type Answer = { kind: 'faq'; entry: FaqEntry; score: number } | { kind: 'support' } | { kind: 'none' };

/** At least this share of the question's words must be found in the entry (typos count half)... */
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
      },
    });
    index.addAll(faq.map((e, id) => ({ id, q: e.q, a: e.a, keywords: e.keywords ?? '' })));
    indexes.set(faq, index);
  }
  return index;
}

export function answer(question: string, faq: readonly FaqEntry[]): Answer {
  const words = stems(question);
  if (words.length === 0) return { kind: 'none' };
  const asksSupport = words.some((w) => SUPPORT_WORDS.has(w));
  const [best] = indexOf(faq).search(question);
  if (best) {
    // The question's words the entry matched: a word found as written counts 1, one found only
    // through a typo half ('assistenza' is not 'assicurative').
    const exact = new Set(best.terms);
    const coverage = best.queryTerms.reduce((sum, term) => sum + (exact.has(term) ? 1 : 0.5), 0) / words.length;
    const entry = faq[best.id as number];
    if (entry && coverage >= MIN_COVERAGE && best.score >= MIN_SCORE) return { kind: 'faq', entry, score: best.score };
  }
  return asksSupport ? { kind: 'support' } : { kind: 'none' };
}
