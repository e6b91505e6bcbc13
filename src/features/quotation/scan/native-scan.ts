// The native shells' scanner (docs/adr/0061-scanning-the-tessera-sanitaria.md): Google ML Kit through
// @capacitor-mlkit/barcode-scanning, loaded only inside a shell (docs/adr/0179-native-shells.md).
import { BarcodeFormat, BarcodeScanner } from '@capacitor-mlkit/barcode-scanning';
import { Capacitor } from '@capacitor/core';

/** The Code 39 texts ML Kit's own scanning screen reads; none when the camera is refused or nothing is read. */
export async function scanNative(): Promise<string[]> {
  if (Capacitor.getPlatform() === 'android') {
    // Android reads through Google's code scanner (its own camera screen, no camera permission of ours), a
    // module Play services installs on first use (AndroidManifest.xml asks for it with the app).
    if (!(await BarcodeScanner.isGoogleBarcodeScannerModuleAvailable()).available) {
      await BarcodeScanner.installGoogleBarcodeScannerModule();
      return [];
    }
  } else {
    const { camera } = await BarcodeScanner.requestPermissions();
    if (camera !== 'granted' && camera !== 'limited') return [];
  }
  const { barcodes } = await BarcodeScanner.scan({ formats: [BarcodeFormat.Code39] });
  return barcodes.map((b) => b.rawValue);
}
