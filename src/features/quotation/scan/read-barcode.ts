// Reads Code 39 barcodes on the device (docs/adr/0061-scanning-the-tessera-sanitaria.md): the browser's
// BarcodeDetector where it reads Code 39, else ZXing compiled to WebAssembly. Loaded only when the agent
// scans or picks a photo; the .wasm file is served by our own server from the build (never a CDN) and kept
// by the service worker with the app's other files, so it reads offline too.
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({ overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) } });

type Detected = { rawValue: string };
type Detector = { detect(source: ImageBitmapSource): Promise<Detected[]> };
type DetectorClass = { new (o: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

let detector: Promise<Detector | null> | undefined;
/** The browser's own detector when it reads Code 39 (Chrome on Android, Safari 17+ on macOS), else null. */
function nativeDetector(): Promise<Detector | null> {
  detector ??= (async () => {
    const BarcodeDetector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
    if (!BarcodeDetector) return null;
    const formats = await BarcodeDetector.getSupportedFormats().catch(() => [] as string[]);
    return formats.includes('code_39') ? new BarcodeDetector({ formats: ['code_39'] }) : null;
  })();
  return detector;
}

/** The texts of the Code 39 barcodes in a photo or a video frame; none when nothing could be read. */
export async function readCode39(image: Blob | ImageData): Promise<string[]> {
  const browser = await nativeDetector();
  if (browser) {
    const source = image instanceof Blob ? await createImageBitmap(image) : image;
    const found = (await browser.detect(source)).map((b) => b.rawValue);
    if (found.length) return found;
  }
  const results = await readBarcodes(image, { formats: ['Code39'], tryHarder: true, maxNumberOfSymbols: 1 });
  return results.filter((r) => r.isValid).map((r) => r.text);
}
