// Image limits (docs/adr/0109-uploaded-files.md): a small file can declare a huge picture (a 137 KB PNG of
// 6000 × 6000 pixels made the marketing PDF take 1.1 GB). Every upload (logo, car images, marketing
// posts) is refused from its header, before anything decodes it; and a stored marketing image that
// cannot be embedded (corrupt, or too large from before the limits) is left out of the post's PDF
// instead of failing it every time.
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketingItems } from './db/schema';
import { IMAGE_MAX_SIDE, IMAGE_TOO_LARGE, IMAGE_UNREADABLE, imageRefusal, imageSize } from './lib/images';
import { canEmbedImage } from './lib/pdf';
import { demoPicture, encodePng } from './lib/png';
import { createTestApp, damageStored, type TestApp } from './test/helper';
import { multipartBody } from './test/multipart';
import { customCar } from './test/payloads';

/** A PNG that declares width × height but carries only a few bytes of pixel data (as the attack's did). */
function declaredPng(width: number, height: number, colourType = 2, idat: Buffer = deflateSync(Buffer.alloc(64))): Buffer {
  const real = encodePng(1, 1, () => [0, 0, 0]);
  const ihdr = Buffer.from(real.subarray(8, 33)); // length, 'IHDR', 13 bytes, crc (the crc is not checked by the header reader)
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr[17] = colourType;
  const len = Buffer.alloc(4);
  len.writeUInt32BE(idat.length);
  return Buffer.concat([real.subarray(0, 8), ihdr, len, Buffer.from('IDAT'), idat, Buffer.alloc(4), real.subarray(real.length - 12)]);
}
const jpegHeader = (width: number, height: number) =>
  Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x04,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    ...Array(30).fill(0),
  ]);
function webpVp8x(width: number, height: number) {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.write('WEBPVP8X', 8, 'latin1');
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}
const gif = (width: number, height: number) =>
  Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([width & 0xff, width >> 8, height & 0xff, height >> 8]), Buffer.alloc(20)]);

describe('image header checks', () => {
  it('reads the declared size of PNG, JPEG, GIF and WebP without decoding', () => {
    expect(imageSize(declaredPng(6000, 6000))).toEqual({ width: 6000, height: 6000 });
    expect(imageSize(jpegHeader(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageSize(gif(300, 200))).toEqual({ width: 300, height: 200 });
    expect(imageSize(webpVp8x(5000, 10))).toEqual({ width: 5000, height: 10 });
  });

  it('refuses sizes over the limit and unreadable headers', () => {
    expect(imageRefusal(demoPicture(1, 640, 400))).toBeNull();
    expect(imageRefusal(declaredPng(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE))).toBeNull();
    for (const big of [declaredPng(6000, 6000), declaredPng(IMAGE_MAX_SIDE + 1, 10), jpegHeader(6000, 6000), gif(65535, 65535), webpVp8x(5000, 10)])
      expect(imageRefusal(big)).toBe(IMAGE_TOO_LARGE);
    expect(imageRefusal(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBe(IMAGE_UNREADABLE);
  });

  it('tells which images pdfkit can embed safely', () => {
    expect(canEmbedImage(demoPicture(2, 80, 50))).toBe(true);
    expect(canEmbedImage(declaredPng(6000, 6000))).toBe(false);
    expect(canEmbedImage(declaredPng(10, 10, 6, Buffer.from('not deflate data')))).toBe(false);
  });
});

describe('uploads', () => {
  let t: TestApp;
  let leader: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    leader = (await t.login('capogruppo@demo.it')).headers;
  });
  afterAll(() => t.close());

  const upload = (url: string, parts: Parameters<typeof multipartBody>[0]) => {
    const body = multipartBody(parts);
    return t.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { ...leader, ...body.headers }, payload: body.payload });
  };

  it('refuses an image declaring 6000 × 6000 pixels on every upload route, with a field error', async () => {
    const huge = declaredPng(6000, 6000);
    const car = (await t.inject({ method: 'POST', url: '/api/v1/car', headers: leader, payload: customCar() })).json().data as { id: number };
    const cases = [
      { field: 'logo', res: await upload('agent/logo', [{ name: 'logo', value: huge, filename: 'logo.png' }]) },
      {
        field: 'immagini[]',
        res: await upload('car/images', [
          { name: 'car', value: String(car.id) },
          { name: 'immagini[]', value: huge, filename: 'auto.png' },
        ]),
      },
      {
        field: 'images',
        res: await upload('marketing/posts', [
          { name: 'title', value: 'Enorme' },
          { name: 'images', value: huge, filename: 'enorme.png' },
        ]),
      },
      {
        field: 'images',
        res: await upload('marketing/posts', [
          { name: 'title', value: 'Enorme' },
          { name: 'images', value: jpegHeader(6000, 6000), filename: 'enorme.jpg' },
        ]),
      },
    ];
    for (const { field, res } of cases) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ error: { http_code: 422, message: IMAGE_TOO_LARGE }, errors: { [field]: [IMAGE_TOO_LARGE] } });
    }
  });

  it('leaves a stored image it cannot embed out of the marketing PDF instead of failing it', async () => {
    const created = await upload('marketing/posts', [
      { name: 'title', value: 'Due immagini' },
      { name: 'images', value: demoPicture(1, 80, 50), filename: 'una.png' },
      { name: 'images', value: demoPicture(2, 80, 50), filename: 'due.png' },
      { name: 'images', value: demoPicture(3, 80, 50), filename: 'tre.png' },
    ]);
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json().data as { id: number; items: { id: number }[] };
    // As if stored before the limits, or damaged on disk: a corrupt PNG with transparency and a huge one.
    const keys = await Promise.all(
      post.items.map(async (i) => (await t.database.db.select().from(marketingItems).where(eq(marketingItems.id, i.id)))[0]!.storageKey),
    );
    await damageStored(t, keys[0]!, declaredPng(10, 10, 6, Buffer.from('not deflate data')));
    await damageStored(t, keys[1]!, declaredPng(6000, 6000));
    for (let i = 0; i < 2; i++) {
      const pdf = await t.inject({ method: 'GET', url: `/api/v1/marketing/posts/${post.id}/pdf`, headers: leader });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await t.app.files.read(keys[2]!))!.length).toBeGreaterThan(0);
  });
});
