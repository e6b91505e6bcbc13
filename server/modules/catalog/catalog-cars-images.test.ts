import { beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';

import { customCar } from '../../test/payloads';
import type { TestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';
import { catalogTestApp, type H, png } from './catalog.fixtures';

const { u, api, newCar, newOffer } = catalogTestApp();
let t: TestApp;
let leader: H;
let sud: H;
let base: H;
beforeAll(() => void ({ t, leader, sud, base } = u));

describe('car catalogue', () => {
  it('lists brands with codes and logos, models after a brand, versions after a model', async () => {
    const brands = (await api('GET', 'car/brands', base)).json().data as { code: string; name: string; logo: string; vehicleTypes: string[] }[];
    const fiat = brands.find((b) => b.name === 'Fiat')!;
    expect(fiat).toMatchObject({ code: 'FIA', logo: '/api/v1/car/brands/FIA/logo.svg' });
    expect(fiat.vehicleTypes.sort()).toEqual(['auto', 'commerciale']);
    const logo = await t.inject({ method: 'GET', url: fiat.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toContain('>FIA<');
    expect((await t.inject({ method: 'GET', url: '/api/v1/car/brands/%3Cx/logo.svg' })).statusCode).toBe(404);

    const models = (await api('GET', 'car/models?brand=FIA&vehicleType=auto', base)).json().data as { code: string; name: string }[];
    expect(models.map((m) => m.name)).toEqual(['500e', 'Panda', 'Tipo']);
    const vans = (await api('GET', 'car/models?brand=FIA&vehicleType=commerciale', base)).json().data;
    expect(vans).toEqual([{ code: 'ducato', name: 'Ducato' }]);
    const versions = (await api('GET', 'car/versions/FIA/panda?vehicleType=auto', base)).json().data as { code: string; id: number }[];
    expect(versions).toHaveLength(1);
    const [motornet, eurotax] = versions[0]!.code.split('-');
    const car = await api('GET', `car?motornet=${motornet}&eurotax=${eurotax}`, base);
    expect(car.statusCode).toBe(200);
    expect(car.json().data).toMatchObject({ brand: 'Fiat', modello: 'Panda', is_custom: false, editable: false });
    expect((await api('GET', 'car?motornet=NOPE', base)).statusCode).toBe(404);
  });

  it('creates and edits custom cars (every field but neo_patentati required), owned by the group', async () => {
    const { neo_patentati: _n, ...withoutNovice } = customCar();
    const created = await api('POST', 'car', leader, withoutNovice);
    expect(created.statusCode).toBe(200);
    const car = created.json().data;
    expect(car).toMatchObject({ is_custom: true, editable: true, neo_patentati: false, brandCode: 'FIA' });

    const missing = await api('POST', 'car', leader, customCar({ allestimento: '', kw: undefined, fuel: undefined }));
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['allestimento', 'fuel', 'kw']);
    expect(missing.json().errors.allestimento).toEqual(['Questo campo è obbligatorio']);

    const edited = await api('PUT', `car/${car.id}`, leader, customCar({ allestimento: 'Versione nuova' }));
    expect(edited.json().data.allestimento).toBe('Versione nuova');
    // The group's custom version shows in the selector, to the group only.
    const mine = (await api('GET', 'car/versions/FIA/panda?vehicleType=auto', leader)).json().data as { id: number }[];
    expect(mine.map((v) => v.id)).toContain(car.id);
    const theirs = (await api('GET', 'car/versions/FIA/panda?vehicleType=auto', sud)).json().data as { id: number }[];
    expect(theirs.map((v) => v.id)).not.toContain(car.id);
    expect((await api('PUT', `car/${car.id}`, sud, customCar())).statusCode).toBe(404);

    const catalogueCar = (await api('GET', 'car/versions/FIA/panda?vehicleType=auto', base)).json().data[0];
    const readOnly = await api('PUT', `car/${catalogueCar.id}`, leader, customCar());
    expect(readOnly.statusCode).toBe(422);
    expect(readOnly.json().errors.car).toEqual(['Le auto del catalogo non si possono modificare']);
    expect((await api('POST', 'car', base, customCar())).statusCode).toBe(403);
  });
});

describe('images', () => {
  it('uploads images by content, sets main, deletes, clears, zips', async () => {
    const o = await newOffer();
    const carId = o.car.id;
    const defaults = (await api('GET', `car/images/${carId}`, leader)).json().data;
    expect(defaults[0]).toMatchObject({ group: 'default', type: 'MAIN', id: null });

    const form = multipartBody([
      { name: 'car', value: String(carId) },
      { name: 'offer', value: o.code },
      { name: 'immagini[]', value: png(1), filename: 'a.png', type: 'image/png' },
      { name: 'immagini[]', value: png(2), filename: 'b.png', type: 'image/png' },
    ]);
    const up = await t.inject({ method: 'POST', url: '/api/v1/car/images', headers: { ...leader, ...form.headers }, payload: form.payload });
    expect(up.statusCode, up.body).toBe(200);
    const custom = up.json().data.filter((i: { group: string }) => i.group === 'custom');
    expect(custom.map((i: { type: string }) => i.type)).toEqual(['MAIN', 'OTHER']);
    const file = await t.inject({ method: 'GET', url: custom[0].source });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // The offer's picture is the main custom image.
    expect((await api('GET', `catalog/offers/${o.code}`, leader)).json().data.image).toBe(custom[0].source);

    const main = await api('PUT', `car/images/${custom[1].id}/type`, leader, { newType: 'MAIN' });
    expect(
      main
        .json()
        .data.filter((i: { type: string; group: string }) => i.group === 'custom' && i.type === 'MAIN')
        .map((i: { id: number }) => i.id),
    ).toEqual([custom[1].id]);

    const zip = await api('GET', `car/images/${carId}/download/custom`, leader);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe('attachment; filename=Fiat_Panda.zip');
    const entries = Object.entries(unzipSync(zip.rawPayload)).map(([name, data]) => ({ name, data: Buffer.from(data) }));
    expect(entries.map((e) => e.name)).toEqual(['01.png', '02-principale.png']);
    expect(entries[0]!.data.equals(png(1))).toBe(true);
    const defaultZip = Object.entries(unzipSync((await api('GET', `car/images/${carId}/download/default`, leader)).rawPayload)).map(([name, data]) => ({
      name,
      data: Buffer.from(data),
    }));
    expect(defaultZip[0]!.name).toMatch(/^01-.*\.svg$/);
    expect(defaultZip[0]!.data.toString()).toContain('<svg');

    expect((await api('DELETE', `car/images/${custom[0].id}`, sud)).statusCode).toBe(404);
    const afterDelete = (await api('DELETE', `car/images/${custom[0].id}`, leader)).json().data;
    expect(afterDelete.filter((i: { group: string }) => i.group === 'custom')).toHaveLength(1);
    const cleared = await api('DELETE', `car/${carId}/images`, leader);
    expect(cleared.json().data.every((i: { group: string }) => i.group === 'default')).toBe(true);
    expect((await api('GET', `catalog/offers/${o.code}`, leader)).json().data.image).toContain('/car/images/render/');
  });

  it('refuses files that are not images by content and files over 2 MB', async () => {
    const car = await newCar();
    const notImage = multipartBody([
      { name: 'car', value: String(car.id) },
      { name: 'immagini[]', value: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'x.png', type: 'image/png' },
    ]);
    const r1 = await t.inject({ method: 'POST', url: '/api/v1/car/images', headers: { ...leader, ...notImage.headers }, payload: notImage.payload });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors['immagini[]']).toEqual(['Sono consentiti solo file di tipo immagine (png, jpg, gif, ...)']);
    const big = Buffer.concat([png(3), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooBig = multipartBody([
      { name: 'car', value: String(car.id) },
      { name: 'immagini[]', value: big, filename: 'big.png', type: 'image/png' },
    ]);
    const r2 = await t.inject({ method: 'POST', url: '/api/v1/car/images', headers: { ...leader, ...tooBig.headers }, payload: tooBig.payload });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors['immagini[]']).toEqual(['Il file deve pesare meno di 2MB']);
    // Feature car-custom-images.
    const ok = multipartBody([
      { name: 'car', value: String(car.id) },
      { name: 'immagini[]', value: png(4), filename: 'a.png', type: 'image/png' },
    ]);
    const r3 = await t.inject({ method: 'POST', url: '/api/v1/car/images', headers: { ...base, ...ok.headers }, payload: ok.payload });
    expect(r3.statusCode).toBe(403);
  });
});
