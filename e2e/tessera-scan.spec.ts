// Reading the tessera sanitaria in the wizard (docs/adr/0061-scanning-the-tessera-sanitaria.md): a photo of the
// card's Code 39 barcode, drawn here by bwip-js for a real, valid codice fiscale, fills the fiscal code with
// what it says (birth date, sex, birth place), online and with the network cut (the reader's WebAssembly from
// the service worker's cache). A picture with no Code 39, or with one that is not a fiscal code, says so and
// leaves the field to the keyboard.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import { CHROMIUM } from '../playwright.config';
import { E2E } from './env';
import { formatDateIt } from '../core/format';
import { decodeCodiceFiscale } from '../core/validation/codice-fiscale';
import { expect, loginAs, screen, shots, test, USERS } from './fixtures';
import { apiLogin, closeNotFound, input, offerRef, openWizard, uniqueFiscalCode } from './quotation-steps';

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
  await closeNotFound(page);
  await expect(field).toHaveValue(online);
  await expect(s.getByTestId('scan-facts')).toHaveText(factsOf(online));
  await expect(outcome).toContainText(`Codice fiscale letto dalla tessera: ${online}`);
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

/**
 * The camera: Chromium's fake camera plays a Y4M file (4:2:0, grey: U and V at 128) of the card's barcode, its
 * pixels drawn by the browser from bwip-js's picture; 'Scansiona tessera sanitaria' reads it from the video.
 */
test('the camera reads the tessera sanitaria’s barcode into the wizard', async ({ browser, request }, info) => {
  test.setTimeout(120_000);
  const cf = uniqueFiscalCode();
  const png = (await picture('code39', cf)).toString('base64');
  const [width, height] = [640, 360];
  const page0 = await browser.newPage();
  const luma = await page0.evaluate(
    async ({ png, width, height }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, width, height);
      const scale = Math.min((width - 40) / img.width, (height - 40) / img.height);
      ctx.drawImage(img, (width - img.width * scale) / 2, (height - img.height * scale) / 2, img.width * scale, img.height * scale);
      const rgba = ctx.getImageData(0, 0, width, height).data;
      return Array.from({ length: width * height }, (_, i) => Math.round(0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!));
    },
    { png, width, height },
  );
  await page0.close();
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  mkdirSync(info.outputDir, { recursive: true });
  const video = path.join(info.outputDir, 'tessera.y4m');
  writeFileSync(
    video,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), Buffer.from('FRAME\n'), Buffer.from(luma), chroma]),
  );

  const camera = await chromium.launch({
    ...CHROMIUM,
    args: [...CHROMIUM.args, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await camera.newContext({ baseURL: E2E.baseUrl, locale: 'it-IT', timezoneId: 'Europe/Rome', viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['camera'], { origin: E2E.baseUrl });
    const page = await context.newPage();
    const headers = await apiLogin(request, USERS.full);
    const ref = await offerRef(request, headers, 'privati');
    await loginAs(page, USERS.full);
    await expect(page.getByTestId('top-user')).toBeVisible();
    await page.goto(`/quotation/?offer=${encodeURIComponent(ref)}`);
    const s = screen(page);
    await s.getByRole('button', { name: 'Scansiona tessera sanitaria' }).click();
    // The video has no size until the camera's first frame (later on a busy machine): the proof is the code read.
    await expect(page.getByTestId('scan-video')).toBeAttached();
    await closeNotFound(page, 20_000);
    await expect(input(page, 'fiscal-code-entry')).toHaveValue(cf);
    await page.screenshot({ path: 'test-results/shots/tessera-camera-390.png' });
    await expect(s.getByTestId('scan-facts')).toHaveText(factsOf(cf));
    await expect(page.getByTestId('scan-video')).toHaveCount(0);
  } finally {
    await camera.close();
  }
});
