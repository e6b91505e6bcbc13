import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@core/i18n-messages';
import { userFeatures } from '../../db/schema';
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

describe('deleting a post', () => {
  type Post = { id: number; title: string; mine: boolean; can_delete: boolean };
  const publish = async (headers: Record<string, string>, title: string) => {
    const form = multipartBody([
      { name: 'title', value: title },
      { name: 'images', value: demoPicture(5, 40, 30), filename: 'promo.png' },
    ]);
    const res = await t.inject({ method: 'POST', url: '/api/v1/marketing/posts', headers: { ...headers, ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Post;
  };
  const remove = (headers: Record<string, string>, id: number) => t.inject({ method: 'DELETE', url: `/api/v1/marketing/posts/${id}`, headers });
  const seen = async (headers: Record<string, string>, id: number) => ((await list(headers)).json().data as Post[]).find((p) => p.id === id);

  it('by its author, or a group leader for their network’s posts; never a platform post', async () => {
    // Sara Conti, in the leader's network, may publish too here.
    await t.database.db
      .insert(userFeatures)
      .values({ userId: t.ids.get('sub1')!, slug: 'marketing-stuff', level: 2 })
      .onConflictDoNothing();
    const leader = (await t.login('capogruppo@demo.it')).headers;
    const sara = (await t.login('sara.conti@demo.it')).headers;
    const other = (await t.login('completo@demo.it')).headers;

    const leaders = await publish(leader, 'Promo del capogruppo');
    expect(leaders).toMatchObject({ mine: true, can_delete: true });
    // Seen by the network below, not deletable there; not seen outside it.
    expect(await seen(sara, leaders.id)).toMatchObject({ mine: false, can_delete: false });
    const refused = await remove(sara, leaders.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.marketingNotYours);
    expect((await remove(other, leaders.id)).statusCode).toBe(404);

    // A sub-agent's post: its author and their group leader may delete it.
    const saras = await publish(sara, 'Promo di Sara');
    expect((await remove(other, saras.id)).statusCode).toBe(404);
    const byLeader = await remove(leader, saras.id);
    expect(byLeader.statusCode).toBe(200);
    expect(byLeader.json().data.message).toBe('Post eliminato');
    expect(await seen(sara, saras.id)).toBeUndefined();

    // The platform's posts: nobody deletes them from the app.
    const platform = ((await list(leader)).json().data as Post[]).find((p) => p.title === 'Estate in libertà')!;
    expect(platform.can_delete).toBe(false);
    expect((await remove(leader, platform.id)).statusCode).toBe(403);

    // The author's own: gone for everyone, and a second delete finds nothing.
    expect((await remove(leader, leaders.id)).statusCode).toBe(200);
    expect(await seen(leader, leaders.id)).toBeUndefined();
    expect(await seen(sara, leaders.id)).toBeUndefined();
    expect((await remove(leader, leaders.id)).statusCode).toBe(404);
  });
});
