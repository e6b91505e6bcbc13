import { describe, expect, it as test } from 'vitest';
import { it } from '../i18n/help';
import { answer } from './assistant-match';

describe('FAQ assistant matching', () => {
  test('finds the FAQ entry for a question in other words', () => {
    const r = answer('Quanti mesi dura il contratto?', it.faq.items);
    expect(r.kind === 'faq' && r.entry.a).toMatch(/24 a 60 mesi/);
    const km = answer('chilometri massimi', it.faq.items);
    expect(km.kind === 'faq' && km.entry.a).toMatch(/200\.000 km/);
    const iva = answer("l'IVA è inclusa nei prezzi?", it.faq.items);
    expect(iva.kind === 'faq' && iva.entry.q).toMatch(/IVA/);
  });

  test('points to support when asked for contacts, and admits when it has no answer', () => {
    expect(answer('come contatto il supporto', it.faq.items).kind).toBe('support');
    expect(answer('xyz qwerty', it.faq.items).kind).toBe('none');
    expect(answer('   ', it.faq.items).kind).toBe('none');
  });
});
