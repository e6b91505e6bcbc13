import { describe, expect, it as test } from 'vitest';
import { it } from '../i18n/help';
import { EVAL_SET, evaluate, faqAnswer } from './assistant-eval';

describe('the assistants on the evaluation set (docs/adr/0057-assistants-evaluation-set.md)', () => {
  const { results, accuracy, wrong } = evaluate(faqAnswer);

  test('holds at least 60 questions, over every FAQ entry, support and questions the FAQ does not answer', () => {
    expect(EVAL_SET.length).toBeGreaterThanOrEqual(60);
    const expected = new Set(EVAL_SET.map((c) => c.expected));
    for (const entry of it.faq.items) expect(expected, entry.id).toContain(entry.id);
    expect(expected).toContain('support');
    expect(expected).toContain('none');
  });

  test('answers at least 90% right', () => {
    const missed = results.filter((r) => r.outcome !== 'right').map((r) => `${r.q} → ${r.got} (expected ${r.expected})`);
    expect(accuracy, missed.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  test('never gives a confident wrong answer: when unsure it says so', () => {
    expect(results.filter((r) => r.outcome === 'wrong').map((r) => `${r.q} → ${r.got} (expected ${r.expected})`)).toEqual([]);
    expect(wrong).toBe(0);
  });

  test('no question of the set is an entry’s own question', () => {
    const own = new Set(it.faq.items.map((e) => e.q.toLowerCase()));
    expect(EVAL_SET.filter((c) => own.has(c.q.toLowerCase()))).toEqual([]);
  });
});
