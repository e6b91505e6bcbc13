/**
 * The FAQ assistant's matching: words of the question (accents, punctuation and common Italian
 * words dropped, long words cut to a 5-letter stem) against each FAQ entry; the question text counts
 * double. Deliberately simple: no model, no network.
 */
const STOP = new Set(
  'il lo la i gli le un uno una di a da in con su per tra fra e o ma se che chi cosa come quale quali quanto quanta quanti quante quando dove non mi ti si ci vi ne del della dei delle degli al alla ai alle dal dalla nel nella sul sulla è sono puo può posso essere avere ha hanno ho c cè previsto prevista'.split(' '),
);

export const stems = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => (w.length > 5 ? w.slice(0, 5) : w));

export type FaqEntry = { q: string; a: string };

const SUPPORT_WORDS = new Set(stems('supporto assistenza contatto contattare telefono email aiuto help operatore'));

export type Answer = { kind: 'faq'; entry: FaqEntry } | { kind: 'support' } | { kind: 'none' };

export function answer(question: string, faq: readonly FaqEntry[]): Answer {
  const words = new Set(stems(question));
  if (words.size === 0) return { kind: 'none' };
  let best: { entry: FaqEntry; score: number } | null = null;
  for (const entry of faq) {
    const q = new Set(stems(entry.q));
    const a = new Set(stems(entry.a));
    let score = 0;
    for (const w of words) score += (q.has(w) ? 2 : 0) + (a.has(w) ? 1 : 0);
    if (score > 0 && (!best || score > best.score)) best = { entry, score };
  }
  if (best) return { kind: 'faq', entry: best.entry };
  if ([...words].some((w) => SUPPORT_WORDS.has(w))) return { kind: 'support' };
  return { kind: 'none' };
}
