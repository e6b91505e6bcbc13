// Signing through the customer's link with a one-time code (docs/adr/0060-signing-with-a-one-time-code.md):
// share-signing.ts, the acceptance in share.ts and the PDF's audit page (pdf-signature.ts).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Proposal } from '@core/schemas/quotations';
import type { PublicProposal, QuotationShare, ShareCodeSent } from '@core/schemas/share';
import { SIGN_CODE } from '@core/signing';
import { mails, quotations, quotationShares, shareCodes } from '../../db/schema';
import type { TestApp } from '../../test/helper';
import { freshIp, type H, shareTestApp } from './share.fixtures';

const { u, api, pub, codedProposal, share, waitPdf, signCode, acceptSigned } = shareTestApp();
let t: TestApp;
let sara: H;
beforeAll(() => void ({ t, sara } = u));

const accept = (token: string, ip: string, code?: string, headers: H = {}) =>
  pub('POST', `${token}/accept`, ip, { name: 'Mario Rossi', consent: true, ...(code === undefined ? {} : { code }) }, headers);
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const pdfText = async (data: Buffer) => {
  const parser = new PDFParse({ data });
  try {
    const r = await parser.getText();
    return { text: r.text, pages: r.total };
  } finally {
    await parser.destroy();
  }
};

describe('the code', () => {
  it('goes to the customer’s e-mail on file; only its hash is kept, and the recorded mail hides it', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    const { res, code } = await signCode(token, freshIp());
    const sent = res.json().data as ShareCodeSent;
    expect(sent).toMatchObject({ channel: 'email', sent_to: 'm•••i@example.it', resends_left: SIGN_CODE.perHour - 1 });
    expect(new Date(sent.expires_at).getTime() - Date.now()).toBeGreaterThan(SIGN_CODE.ttlMs - 60_000);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(shareCodes).where(eq(shareCodes.shareId, link.id));
    expect(row!.codeHash).not.toContain(code);
    const recorded = (await t.database.db.select().from(mails).where(eq(mails.to, 'mario.rossi@example.it'))).at(-1)!;
    expect(recorded.subject).not.toContain(code);
    expect(recorded.text).not.toContain(code);
  });

  it('is needed to accept: none typed, none asked for, a wrong one (with the tries left) are refused in Italian', async () => {
    const p = await codedProposal();
    const { token } = await share(p);
    await waitPdf(p.id);
    const ip = freshIp();
    const none = await accept(token, ip);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.code).toEqual(['Inserisci il codice di 6 cifre che ti abbiamo inviato via email']);
    expect((await accept(token, ip, '12ab')).json().errors.code).toEqual(['Il codice è formato da 6 cifre']);
    expect((await accept(token, ip, '123456')).json().errors.code).toEqual(['Richiedi il codice di conferma prima di firmare']);
    const { code } = await signCode(token, ip);
    const wrong = await accept(token, ip, wrongOf(code));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toBe('Il codice non è corretto: restano 4 tentativi');
    expect(((await pub('GET', token, ip)).json().data as PublicProposal).acceptance).toBeNull();
    expect((await accept(token, ip, code)).statusCode).toBe(200);
  });

  it('allows 5 tries, the right one included: after 5 wrong ones it is dead, and a new code works', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    const ip = freshIp();
    const { code } = await signCode(token, ip);
    // Five wrong tries at once: the five are counted, none more.
    const answers = await Promise.all(Array.from({ length: 7 }, () => accept(token, ip, wrongOf(code))));
    expect(answers.every((a) => a.statusCode === 422)).toBe(true);
    const [row] = await t.database.db.select().from(shareCodes).where(eq(shareCodes.shareId, link.id));
    expect(row!.attempts).toBe(SIGN_CODE.maxTries);
    const dead = await accept(token, ip, code);
    expect(dead.json().error.message).toBe('Hai inserito un codice errato troppe volte: richiedi un nuovo codice');
    const fresh = await signCode(token, ip);
    expect((await accept(token, ip, fresh.code)).statusCode).toBe(200);
  });

  it('expires after 10 minutes; a new code replaces the one before', async () => {
    const p = await codedProposal();
    const { token, link } = await share(p);
    const ip = freshIp();
    const first = await signCode(token, ip);
    await t.database.db
      .update(shareCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareCodes.shareId, link.id));
    const expired = await accept(token, ip, first.code);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.code).toEqual(['Il codice è scaduto: richiedi un nuovo codice']);
    const second = await signCode(token, ip);
    if (second.code !== first.code) expect((await accept(token, ip, first.code)).json().error.message).toMatch(/^Il codice non è corretto/);
    expect((await accept(token, ip, second.code)).statusCode).toBe(200);
  });

  it(`is sent at most ${SIGN_CODE.perHour} times an hour per link, and not for an accepted proposal`, async () => {
    const p = await codedProposal();
    const { token } = await share(p);
    const ip = freshIp();
    let last: ShareCodeSent | null = null;
    for (let i = 0; i < SIGN_CODE.perHour; i++) last = (await signCode(token, ip)).res.json().data as ShareCodeSent;
    expect(last!.resends_left).toBe(0);
    const refused = await pub('POST', `${token}/accept/code`, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Hai già richiesto troppi codici: riprova tra un’ora o contatta il tuo consulente');

    const q = await codedProposal();
    const other = await share(q);
    expect((await acceptSigned(other.token, ip)).statusCode).toBe(200);
    const after = await pub('POST', `${other.token}/accept/code`, ip);
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe('La proposta è già stata accettata');
  });

  it('signs the PDF it was sent for: a proposal changed since then refuses it', async () => {
    const p = await codedProposal();
    const { token } = await share(p);
    const ip = freshIp();
    const { code } = await signCode(token, ip);
    // The agent changes the quotation, as an edit does (service.ts): a new version, its PDF on its way; the code was for the old one.
    const [row] = await t.database.db.select().from(quotations).where(eq(quotations.id, p.id));
    await t.database.db
      .update(quotations)
      .set({ version: row!.version + 1, pdfPath: null })
      .where(eq(quotations.id, p.id));
    const refused = await accept(token, ip, code);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('La proposta è cambiata dopo l’invio del codice: richiedi un nuovo codice');
  });
});

describe('the signature', () => {
  it('records time, IP, user agent, channel and the SHA-256 of the PDF signed, which gets the audit trail as its last page', async () => {
    const p = await codedProposal();
    const { token } = await share(p);
    await waitPdf(p.id);
    const ip = freshIp();
    const before = await pub('GET', `${token}/pdf`, ip);
    expect(before.statusCode).toBe(200);
    const original = before.rawPayload;
    const sha = createHash('sha256').update(original).digest('hex');
    const res = await acceptSigned(token, ip, { name: 'Mario Rossi', consent: true }, { 'user-agent': 'Telefono/2.0 (iPhone)' });
    expect(res.statusCode).toBe(200);
    const view = res.json().data as PublicProposal;
    expect(view.acceptance).toMatchObject({ name: 'Mario Rossi', signed: true });
    expect(view.status).toBe('WON');

    const [row] = await t.database.db.select().from(quotationShares).where(eq(quotationShares.quotationId, p.id));
    expect(row).toMatchObject({
      acceptedIp: ip,
      acceptedUserAgent: 'Telefono/2.0 (iPhone)',
      acceptedChannel: 'email',
      acceptedSentTo: 'mario.rossi@example.it',
      acceptedPdfSha256: sha,
    });
    // The agent's list of links says it was signed.
    const links = (await api('GET', `quotations/${p.id}/share`, sara)).json().data as QuotationShare[];
    expect(links[0]!.signature).toEqual({ channel: 'email', pdf_sha256: sha });
    expect(((await api('GET', `proposals/${p.id}`, sara)).json().data as Proposal).status).toBe('WON');

    // The PDF is made again with the audit trail on a last page of its own.
    await waitPdf(p.id);
    const signed = await pub('GET', `${token}/pdf`, ip);
    expect(signed.statusCode).toBe(200);
    const [a, b] = [await pdfText(original), await pdfText(signed.rawPayload)];
    expect(b.pages).toBe(a.pages + 1);
    expect(a.text).not.toContain('Firma elettronica della proposta');
    for (const fact of [
      'Firma elettronica della proposta',
      'Mario Rossi',
      ip,
      'Telefono/2.0 (iPhone)',
      sha,
      'Codice monouso di 6 cifre inviato via email a m•••i@example.it',
    ])
      expect(b.text, fact).toContain(fact);
    // The file signed is kept as it was.
    expect(row!.acceptedPdfKey).toBeTruthy();
    expect(
      createHash('sha256')
        .update((await t.app.files.read(row!.acceptedPdfKey!))!)
        .digest('hex'),
    ).toBe(sha);
  });
});
