import { lazy, Suspense, useState } from 'react';
import { formatDateIt } from '@core/format';
import { fiscalCodeFromBarcode } from '@core/validation/tessera-sanitaria';
import { isNativeShell } from '../../../api/origin';
import { it } from '../../../i18n/quotation';
import { Button } from '../../../ui/button';
import { Note } from '../../../ui/text';

const ScanSheet = lazy(() => import('./scan-sheet'));
const t = it.quotation.scan;

type Outcome = { ok: true; code: string; facts: string } | { ok: false; message: string };

/**
 * 'Scansiona tessera sanitaria' and 'Scegli una foto della tessera' beside the fiscal code
 * (docs/adr/0061-scanning-the-tessera-sanitaria.md): the card's Code 39 barcode read on the device (camera
 * or photo; ML Kit in the native shells), validated by core/validation and handed to the field with what
 * the code says (birth date, sex, birth place). A barcode that cannot be read says so; the field stays to the
 * keyboard. The readers load only when used.
 */
export function TesseraScan({ onRead, disabled }: { onRead: (code: string) => void; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function settle(texts: string[]) {
    for (const text of texts) {
      const read = fiscalCodeFromBarcode(text);
      if (!read) continue;
      const { birthDate, sex, placeCode } = read.decoded;
      onRead(read.code);
      setOutcome({ ok: true, code: read.code, facts: t.facts(formatDateIt(birthDate), sex, placeCode) });
      return;
    }
    setOutcome({ ok: false, message: texts.length ? t.invalid : t.unreadable });
  }

  async function fromPhoto(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      const { readCode39 } = await import('./read-barcode');
      settle(await readCode39(file));
    } catch {
      settle([]);
    } finally {
      setBusy(false);
    }
  }

  async function scan() {
    setOutcome(null);
    if (!isNativeShell()) return setOpen(true);
    setBusy(true);
    try {
      const { scanNative } = await import('./native-scan');
      settle(await scanNative());
    } catch {
      settle([]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="tessera-scan" data-testid="tessera-scan">
      <div className="tessera-scan-actions">
        <Button fill="outline" size="small" disabled={disabled || busy} onClick={() => void scan()} data-testid="scan-open">
          {t.open}
        </Button>
        {/* The browser's own file picker (camera or gallery on a phone), opened by a label drawn as a button. */}
        <label className="file-button tessera-scan-photo">
          <input
            type="file"
            accept="image/*"
            disabled={disabled || busy}
            aria-label={t.photo}
            data-testid="scan-photo"
            onChange={(e) => {
              void fromPhoto(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <span aria-hidden="true">{busy ? t.reading : t.photo}</span>
        </label>
      </div>
      {outcome && (
        <Note color={outcome.ok ? 'success' : 'danger'} role={outcome.ok ? 'status' : 'alert'} data-testid="scan-outcome">
          {outcome.ok ? (
            <>
              {t.read(outcome.code)}
              <br />
              <span data-testid="scan-facts">{outcome.facts}</span>
            </>
          ) : (
            outcome.message
          )}
        </Note>
      )}
      {open && (
        <Suspense fallback={null}>
          <ScanSheet
            onClose={() => setOpen(false)}
            onTexts={(texts) => {
              setOpen(false);
              settle(texts);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
