import { describe, expect, it } from 'vitest';
import {
  base64url,
  customerActivity,
  isShareToken,
  newShareToken,
  proposalValidUntil,
  shareEmail,
  shareMessage,
  shareState,
  whatsappPhone,
  whatsappUrl,
} from './share';

describe('share tokens', () => {
  it('writes bytes as base64url without padding, as Node does', () => {
    for (const n of [0, 1, 2, 3, 4, 31, 32, 33]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 73 + 11) % 256);
      expect(base64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
    }
  });

  it('makes 43-character tokens from 32 random bytes, and knows their shape', () => {
    const token = newShareToken((n) => Uint8Array.from({ length: n }, () => 255));
    expect(token).toHaveLength(43);
    expect(isShareToken(token)).toBe(true);
    for (const wrong of ['', 'x'.repeat(42), 'x'.repeat(44), `${'x'.repeat(42)}=`, `${'x'.repeat(42)}/`]) expect(isShareToken(wrong)).toBe(false);
  });
});

describe('a link’s life', () => {
  it('ends with the proposal’s validity (30 days)', () => {
    expect(proposalValidUntil(new Date('2026-11-25T10:00:00Z')).toISOString()).toBe('2026-12-25T10:00:00.000Z');
  });

  it('is revoked, expired or active', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(shareState({ revokedAt: null, expiresAt: '2026-11-26T00:00:00Z' }, now)).toBe('active');
    expect(shareState({ revokedAt: null, expiresAt: now }, now)).toBe('expired');
    expect(shareState({ revokedAt: now, expiresAt: '2026-12-26T00:00:00Z' }, now)).toBe('revoked');
  });
});

describe('what the agent is shown of the customer', () => {
  const base = { createdAt: '2026-11-01T10:00:00.000Z', lastOpenedAt: null, lastDocumentAt: null, acceptedAt: null };
  it('is the furthest step of any link, with its time', () => {
    expect(customerActivity([])).toBeNull();
    expect(customerActivity([base])).toEqual({ state: 'shared', at: base.createdAt });
    expect(customerActivity([base, { ...base, lastOpenedAt: '2026-11-02T10:00:00.000Z' }])).toEqual({ state: 'opened', at: '2026-11-02T10:00:00.000Z' });
    expect(
      customerActivity([
        { ...base, lastOpenedAt: '2026-11-05T10:00:00.000Z' },
        { ...base, lastDocumentAt: '2026-11-03T10:00:00.000Z', acceptedAt: '2026-11-04T10:00:00.000Z' },
      ]),
    ).toEqual({ state: 'accepted', at: '2026-11-04T10:00:00.000Z' });
    // Accepted with the one-time code: signed (docs/adr/0060).
    const signedAt = '2026-11-06T10:00:00.000Z';
    expect(customerActivity([{ ...base, acceptedAt: signedAt, signedAt }])).toEqual({ state: 'signed', at: signedAt });
  });
});

describe('the texts that carry the link', () => {
  it('WhatsApp: Italian numbers get 39, others keep their country code; none leaves the contact to choose', () => {
    expect(whatsappPhone('+39 333 1234567')).toBe('393331234567');
    expect(whatsappPhone('3331234567')).toBe('393331234567');
    expect(whatsappPhone('0041 79 123 45 67')).toBe('41791234567');
    expect(whatsappPhone('')).toBeNull();
    const text = shareMessage({ customerName: 'Mario', car: 'Fiat Panda', link: 'https://portale.example/p/abc', agentName: 'Conti Auto' });
    expect(text).toBe(
      'Buongiorno Mario, ecco la proposta di noleggio a lungo termine per Fiat Panda. Qui puoi consultarla, scaricare il PDF, caricare i documenti e accettarla: https://portale.example/p/abc\nConti Auto',
    );
    expect(whatsappUrl('+39 333 1234567', text)).toBe(`https://wa.me/393331234567?text=${encodeURIComponent(text)}`);
    expect(whatsappUrl('', 'ciao')).toBe('https://wa.me/?text=ciao');
  });

  it('email: subject, greeting, the link and its validity, the agent', () => {
    const mail = shareEmail({
      customerName: 'Mario Rossi',
      car: 'Fiat Panda',
      link: 'https://portale.example/p/abc',
      agentName: 'Conti Auto',
      agentContacts: 'sara@conti.it · 02 123',
      validUntil: '25 dicembre 2026',
    });
    expect(mail.subject).toBe('La tua proposta di noleggio: Fiat Panda');
    expect(mail.text).toContain('Buongiorno Mario Rossi,\n\nti inviamo la proposta di noleggio a lungo termine per Fiat Panda.');
    expect(mail.text).toContain('\n\nhttps://portale.example/p/abc\n\n');
    expect(mail.text).toContain('Il link è personale e vale fino al 25 dicembre 2026.');
    expect(mail.text.endsWith('Conti Auto\nsara@conti.it · 02 123')).toBe(true);
  });
});
