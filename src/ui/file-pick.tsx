import { useState } from 'react';
import { it } from '../i18n/it';

/**
 * A file field in Italian (docs/adr/0055-no-english-on-screen.md): the browser's own file button reads
 * 'Choose File' / 'No file chosen' in the browser's language, so the input is hidden and a label drawn as a
 * button opens it; the chosen file's name (or 'Nessun file selezionato') shows beside it. The input keeps the
 * keyboard focus (its ring is drawn on the button) and has a name of its own (`name`, read by screen readers).
 */
export function FilePick({
  button,
  name,
  accept,
  multiple = false,
  disabled = false,
  status,
  chosen,
  onFiles,
  testId,
}: {
  /** The button's text: 'Carica PDF', 'Scegli il logo'. */
  button: string;
  /** The input's accessible name, when the button alone does not say what for ('Carica PDF: Busta paga'). */
  name?: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Shown instead of the file names (an upload in progress). */
  status?: string | null;
  /** The chosen files' names when the form holds them (emptied after an upload); else the last choice. */
  chosen?: readonly string[];
  onFiles: (files: File[]) => void;
  testId?: string;
}) {
  const [picked, setNames] = useState<readonly string[]>([]);
  const names = chosen ?? picked;
  const shown = status ?? (names.length === 0 ? it.common.noFile : names.length > 3 ? it.common.chosenFiles(names.length) : names.join(', '));
  return (
    <label className="file-pick">
      <input
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-label={name ?? button}
        data-testid={testId}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          setNames(files.map((f) => f.name));
          onFiles(files);
          // The same file chosen again (after a refusal) is a new choice.
          e.target.value = '';
        }}
      />
      <span className="file-pick-button" aria-hidden="true">
        {button}
      </span>
      <span className="file-pick-name" data-testid={testId ? `${testId}-name` : undefined}>
        {shown}
      </span>
    </label>
  );
}
