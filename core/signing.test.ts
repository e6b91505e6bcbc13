import { describe, expect, it } from 'vitest';
import { codeInMail, maskEmail, newSignCode, SIGN_CODE_PATTERN, SIGN_MESSAGES, signCodeEmail } from './signing';

describe('the one-time code for signing', () => {
  it('is always 6 digits, zeros kept in front', () => {
    expect(newSignCode(() => 42)).toBe('000042');
    expect(newSignCode(() => 999_999)).toBe('999999');
    let asked = 0;
    newSignCode((max) => ((asked = max), 0));
    expect(asked).toBe(1_000_000);
    expect(SIGN_CODE_PATTERN.test('000042')).toBe(true);
    expect(SIGN_CODE_PATTERN.test('12345')).toBe(false);
  });

  it('travels in an e-mail that says how long it lasts, and can be read back from it', () => {
    const mail = signCodeEmail({ customerName: 'Mario Rossi', car: 'Fiat 500', code: '073915', agentName: 'Sara Conti' });
    expect(mail.subject).toBe('073915 è il tuo codice per firmare la proposta');
    expect(mail.text).toContain('Buongiorno Mario Rossi,');
    expect(mail.text).toContain('Il codice vale 10 minuti.');
    expect(codeInMail(mail.text)).toBe('073915');
    expect(codeInMail('nessun codice qui')).toBeNull();
  });

  it('says how many tries are left', () => {
    expect(SIGN_MESSAGES.wrong(4)).toBe('Il codice non è corretto: restano 4 tentativi');
    expect(SIGN_MESSAGES.wrong(1)).toBe('Il codice non è corretto: resta 1 tentativo');
  });

  it('shows an address without giving it away', () => {
    expect(maskEmail('mario.rossi@example.it')).toBe('m•••i@example.it');
    expect(maskEmail('ab@example.it')).toBe('a•••@example.it');
    expect(maskEmail('senza-chiocciola')).toBe('•••');
  });
});
