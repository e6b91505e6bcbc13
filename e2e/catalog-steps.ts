import type { APIRequestContext, Locator } from '@playwright/test';
import { offerInput } from '../server/test/payloads';
import { expect } from './fixtures';

type H = Record<string, string>;

/** The first catalogue car (not a custom one) of the car selector's lists, as the agent picks it: its id. */
async function firstCatalogueCar(request: APIRequestContext, headers: H): Promise<number> {
  const get = async <T>(url: string) => ((await (await request.get(`/api/v1/${url}`, { headers })).json()) as { data: T }).data;
  const brand = (await get<{ code: string; vehicleTypes: string[] }[]>('car/brands')).find((b) => b.vehicleTypes.includes('auto'))!;
  const model = (await get<{ code: string }[]>(`car/models?brand=${brand.code}&vehicleType=auto`))[0]!;
  const version = (await get<{ id: number; is_custom: boolean }[]>(`car/versions/${brand.code}/${model.code}?vehicleType=auto`)).find((v) => !v.is_custom)!;
  return version.id;
}

/**
 * A draft catalogue offer of the agent's (POST catalog/offers) on a catalogue car, with one price variation
 * besides its main terms; `remove` deletes it again.
 */
export async function catalogueOffer(request: APIRequestContext, headers: H) {
  const car = await firstCatalogueCar(request, headers);
  const res = await request.post('/api/v1/catalog/offers', { headers, data: offerInput(car, { reference_code: 'E2E-DETAILS' }) });
  expect(res.status(), await res.text()).toBe(200);
  const code = ((await res.json()) as { data: { code: string } }).data.code;
  const child = await request.post(`/api/v1/offers/${code}/child`, { headers, data: { deposit: 0, distance: 10000, duration: 48, monthlyRate: 280 } });
  expect(child.ok(), await child.text()).toBe(true);
  return { code, remove: (which = code) => request.delete(`/api/v1/catalog/offers/${encodeURIComponent(which)}`, { headers }) };
}

// Steps of the catalogue editor shared by the catalogue and one-tap specs.

/** Fills every required field of the custom version modal ('custom-car-form'), its trim named `trim`. */
export async function fillCustomCar(modal: Locator, trim: string) {
  await modal.getByLabel('Allestimento').fill(trim);
  await modal.getByLabel('Trazione').fill('Anteriore');
  await modal.getByLabel('Motore').fill('1.0 FireFly Hybrid');
  await modal.getByLabel('Classe Euro').fill('Euro 6e');
  await modal.getByLabel('Consumo medio (l/100 km)').fill('5.1');
  const numbers: [string, string][] = [
    ['Cilindrata (cc)', '999'],
    ['Cavalli fiscali', '11'],
    ['Potenza (CV)', '70'],
    ['Potenza (kW)', '51'],
    ['Emissioni CO₂ (g/km)', '115'],
    ['Larghezza (mm)', '1672'],
    ['Lunghezza (mm)', '3686'],
    ['Bagagliaio (l)', '225'],
    ['Posti', '4'],
    ['Porte', '5'],
  ];
  for (const [label, value] of numbers) await modal.getByLabel(label, { exact: true }).fill(value);
}
