// Reading the tessera sanitaria in the wizard (docs/adr/0061-scanning-the-tessera-sanitaria.md): a photo of the
// card's Code 39 barcode, drawn here by bwip-js for a real, valid codice fiscale, fills the fiscal code with
// what it says (birth date, sex, birth place), online and with the network cut (the reader's WebAssembly from
// the service worker's cache). A picture with no Code 39, or with one that is not a fiscal code, says so and
// leaves the field to the keyboard.
import bwipjs from 'bwip-js/node';
import { formatDateIt } from '../core/format';
import { decodeCodiceFiscale } from '../core/validation/codice-fiscale';
import { expect, screen, shots, test, USERS } from './fixtures';
import { apiLogin, input, offerRef, openWizard, uniqueFiscalCode } from './quotation-steps';

test.use({ serviceWorkers: 'allow' });

/** A photo of a barcode: black bars on white, with a margin, as a phone would take it of the card's back. */
const picture = (bcid: 'code39' | 'qrcode', text: string) =>
  bwipjs.toBuffer({ bcid, text, scale: 3, height: 12, includetext: bcid === 'code39', paddingwidth: 24, paddingheight: 24, backgroundcolor: 'FFFFFF' });

const photo = async (bcid: 'code39' | 'qrcode', text: string) => ({ name: 'tessera.png', mimeType: 'image/png', buffer: await picture(bcid, text) });

function factsOf(cf: string) {
  const d = decodeCodiceFiscale(cf)!;
  return `Nato/a il ${formatDateIt(d.birthDate)} · sesso ${d.sex} · luogo di nascita (codice catastale) ${d.placeCode}`;
}

test('the wizard fills the codice fiscale from a photo of the tessera sanitaria, online and offline', async ({ page, context, loggedIn, request }) => {
  test.setTimeout(120_000);
  const headers = await apiLogin(request, USERS.full);
  const ref = await offerRef(request, headers, 'privati');
  await loggedIn(USERS.full);
  await openWizard(page, ref);
  const s = screen(page);
  const field = input(page, 'fiscal-code-entry');
  const outcome = s.getByTestId('scan-outcome');
  await expect(s.getByRole('button', { name: 'Scansiona tessera sanitaria' })).toBeVisible();

  // A picture without a Code 39, and a Code 39 that is not a fiscal code: said so, the field left as it was.
  await field.fill('RSS');
  await s.getByLabel('Scegli una foto della tessera').setInputFiles(await photo('qrcode', 'RSSMRA85T10A562S'));
  await expect(outcome).toHaveText('Codice a barre non leggibile: inserisci il codice fiscale a mano.');
  await s.getByLabel('Scegli una foto della tessera').setInputFiles(await photo('code39', 'NOLEGGIO2026'));
  await expect(outcome).toHaveText('Il codice letto non è un codice fiscale valido: inseriscilo a mano.');
  await expect(field).toHaveValue('RSS');

  // The card's barcode: the code, checked, fills the field with what it says.
  const online = uniqueFiscalCode();
  await s.getByLabel('Scegli una foto della tessera').setInputFiles(await photo('code39', online));
  await expect(field).toHaveValue(online);
  await expect(s.getByTestId('scan-facts')).toHaveText(factsOf(online));
  await expect(outcome).toContainText(`Codice fiscale letto dalla tessera: ${online}`);
  // The lookup ran as for a typed code: a new customer.
  await expect(s.getByTestId('customer-not-found')).toBeVisible();
  await shots(page, 'tessera-scan');

  // With the network cut, the app started again: the page, the reader and its WebAssembly come from the device.
  await context.setOffline(true);
  await page.reload();
  await expect(s.getByTestId('quotation-sidebar')).toBeVisible();
  const offline = uniqueFiscalCode();
  await s.getByLabel('Scegli una foto della tessera').setInputFiles(await photo('code39', offline));
  await expect(field).toHaveValue(offline);
  await expect(s.getByTestId('scan-facts')).toHaveText(factsOf(offline));
  await context.setOffline(false);
});
