import { useEffect, useState } from 'react';
import { fiscalCodeFromBarcode } from '@core/validation/tessera-sanitaria';
import { it } from '../../../i18n/quotation';
import { LazyModal } from '../../../ui/ionic/lazy-modal';
import { useLatestCallback } from '../../../ui/use-latest-callback';
import { Note } from '../../../ui/text';

const t = it.quotation.scan;
/** A frame is read this often while the camera is open (a read takes a few tens of milliseconds). */
const FRAME_MS = 250;

/**
 * The camera (getUserMedia, the back camera on a phone) with its frames read until one holds a valid
 * codice fiscale (docs/adr/0061-scanning-the-tessera-sanitaria.md). Loaded at the first 'Scansiona'.
 */
export default function ScanSheet({ onClose, onTexts }: { onClose: () => void; onTexts: (texts: string[]) => void }) {
  // The video element once drawn: the modal's content comes after its chunk loads, so the camera starts then.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const found = useLatestCallback(onTexts);
  useEffect(() => {
    if (!video) return;
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setError(t.noCamera);
        return;
      }
      const v = video;
      if (stopped) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      v.srcObject = stream;
      await v.play().catch(() => undefined);
      const { readCode39 } = await import('./read-barcode');
      const canvas = document.createElement('canvas');
      const frame = async () => {
        if (stopped) return;
        if (v.videoWidth > 0) {
          canvas.width = v.videoWidth;
          canvas.height = v.videoHeight;
          const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
          ctx.drawImage(v, 0, 0);
          const texts = await readCode39(ctx.getImageData(0, 0, canvas.width, canvas.height)).catch(() => [] as string[]);
          if (!stopped && texts.some((x) => fiscalCodeFromBarcode(x))) return found(texts);
        }
        timer = setTimeout(() => void frame(), FRAME_MS);
      };
      void frame();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [found, video]);
  return (
    <LazyModal isOpen title={t.title} onClose={onClose} onDidDismiss={onClose}>
      <p>{t.hint}</p>
      {error ? (
        <Note color="danger" role="alert" data-testid="scan-camera-error">
          {error}
        </Note>
      ) : (
        <video ref={setVideo} className="tessera-scan-video" muted playsInline aria-label={t.title} data-testid="scan-video" />
      )}
    </LazyModal>
  );
}
