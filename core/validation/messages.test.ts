import { describe, expect, it } from 'vitest';
import * as messages from './index';

describe('messages', () => {
  it('keeps the spec wording', () => {
    expect(messages.FISCAL_CODE_INVALID).toBe('Il codice fiscale indicato non è valido');
    expect(messages.FISCAL_CODE_ENTRY_INVALID).toBe('Il Codice Fiscale inserito non è valido');
    expect(messages.SERVER_ERROR).toBe("Si è verificato un problema durante l'operazione, si prega di riprovare");
  });
});
