import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPicture } from '../../lib/png';
import { createTestApp, type TestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (headers: Record<string, string>) => t.inject({ method: 'GET', url: '/api/v1/marketing/posts', headers });

describe('marketing material', () => {
  it('lists the demo posts with their items', async () => {
    const s = await t.login('completo@demo.it');
    const res = await list(s.headers);
    expect(res.statusCode).toBe(200);
    const posts = res.json().data;
    expect(posts.length).toBeGreaterThanOrEqual(3);
    const item = posts[0].items[0];
    expect(item).toMatchObject({ image_name: expect.stringMatching(/\.png$/), content_type: 'image/png' });
    const img = await t.inject({ method: 'GET', url: item.image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('is gated by feature marketing-stuff', async () => {
    const s = await t.login('agente@demo.it');
    expect((await list(s.headers)).statusCode).toBe(403);
  });

  it('downloads as attachment, image and PDF', async () => {
    const s = await t.login('completo@demo.it');
    const post = (await list(s.headers)).json().data.find((p: { title: string }) => p.title === 'Estate in libertà');
    const att = await t.inject({ method: 'GET', url: `/api/v1/marketing/posts/${post.id}/attachment`, headers: s.headers });
    expect(att.statusCode).toBe(200);
    expect(att.headers['content-disposition']).toMatch(/^attachment; filename=estate-in-liberta\.png/);
    const image = await t.inject({ method: 'GET', url: post.items[0].image_binary, headers: s.headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const pdf = await t.inject({ method: 'GET', url: `/api/v1/marketing/posts/${post.id}/pdf`, headers: s.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(5000); // the image is embedded
  });

  it('creates a post with images checked by content, visible to the network below', async () => {
    const s = await t.login('capogruppo@demo.it');
    const bad = multipartBody([
      { name: 'title', value: 'Promo' },
      { name: 'images', value: Buffer.from('ciao'), filename: 'finta.png' },
    ]);
    const refused = await t.inject({ method: 'POST', url: '/api/v1/marketing/posts', headers: { ...s.headers, ...bad.headers }, payload: bad.payload });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.images).toEqual(['Sono consentiti solo file di tipo immagine (png, jpg, gif, ...)']);

    const noTitle = multipartBody([
      { name: 'title', value: ' ' },
      { name: 'images', value: demoPicture(2, 40, 40), filename: 'a.png' },
    ]);
    const r2 = await t.inject({ method: 'POST', url: '/api/v1/marketing/posts', headers: { ...s.headers, ...noTitle.headers }, payload: noTitle.payload });
    expect(r2.json().errors.title).toEqual(['Questo campo è obbligatorio']);

    const ok = multipartBody([
      { name: 'title', value: 'Promo di rete' },
      { name: 'description', value: 'Solo per la Rete Nord' },
      { name: 'images', value: demoPicture(3, 80, 50), filename: 'Promo Rete!.png' },
    ]);
    const created = await t.inject({ method: 'POST', url: '/api/v1/marketing/posts', headers: { ...s.headers, ...ok.headers }, payload: ok.payload });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ title: 'Promo di rete', mine: true, items: [{ image_name: 'promo-rete.png' }] });
    const others = await list((await t.login('completo@demo.it')).headers);
    expect(others.json().data.map((p: { title: string }) => p.title)).not.toContain('Promo di rete');
  });

  it('is off when the configuration flag is off', async () => {
    const off = await createTestApp({ marketingEnabled: false });
    try {
      const s = await off.login('completo@demo.it');
      expect((await off.inject({ method: 'GET', url: '/api/v1/marketing/posts', headers: s.headers })).statusCode).toBe(403);
    } finally {
      await off.close();
    }
  });
});
