import { describe, expect, it, vi } from 'vitest';
import { openFromNotification, showPush } from './push';

const data = (value: unknown) => ({ json: () => value });

describe('the worker’s push handler', () => {
  it('shows a customer’s signature in Italian, one notification per quotation and kind, opening the quotation', async () => {
    const showNotification = vi.fn(async () => undefined);
    const shown = await showPush({ showNotification }, data({ kind: 'accepted', quotation: 42, title: 'Preventivo #00042', customer: 'Mario Rossi' }));
    expect(shown).not.toBeNull();
    expect(showNotification).toHaveBeenCalledWith('Mario Rossi ha firmato la proposta', {
      body: 'Preventivo #00042: apri il preventivo per i dettagli',
      tag: 'quotation-42-accepted',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: '/quotations/42' },
    });
  });

  it('words a visit and an upload; a nameless customer is «Il cliente»', async () => {
    const showNotification = vi.fn(async () => undefined);
    await showPush({ showNotification }, data({ kind: 'opened', quotation: 7, title: 'Preventivo #00007', customer: 'Rossi Srl' }));
    await showPush({ showNotification }, data({ kind: 'document', quotation: 7, title: 'Preventivo #00007', customer: ' ' }));
    expect(showNotification.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['Rossi Srl ha aperto la proposta', 'Il cliente ha caricato un documento']);
  });

  it('shows nothing for a push that is not ours (empty, not JSON, another shape)', async () => {
    const showNotification = vi.fn(async () => undefined);
    for (const d of [
      null,
      undefined,
      { json: () => JSON.parse('non json') as unknown },
      data({ kind: 'altro', quotation: 1 }),
      data({ kind: 'opened', quotation: '1' }),
    ])
      expect(await showPush({ showNotification }, d)).toBeNull();
    expect(showNotification).not.toHaveBeenCalled();
  });

  it('a tap opens the quotation in the app’s open window, or in a new one', async () => {
    const focus = vi.fn(async () => undefined);
    const navigate = vi.fn(async () => undefined);
    const openWindow = vi.fn(async () => undefined);
    const origin = 'https://portale.example';
    await openFromNotification(
      {
        matchAll: async () => [
          { url: 'https://altro.example/', focus, navigate },
          { url: `${origin}/offers`, focus, navigate },
        ],
        openWindow,
      },
      { url: '/quotations/42' },
      origin,
    );
    expect(focus).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith(`${origin}/quotations/42`);
    expect(openWindow).not.toHaveBeenCalled();
    await openFromNotification({ matchAll: async () => [], openWindow }, { url: '/quotations/9' }, origin);
    expect(openWindow).toHaveBeenCalledWith(`${origin}/quotations/9`);
  });
});
