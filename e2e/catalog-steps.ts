import type { Locator } from '@playwright/test';

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
