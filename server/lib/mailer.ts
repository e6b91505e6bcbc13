import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mails } from '../db/schema';

/** `secrets` (a link's token, a signing code) are sent but never recorded: the mails table keeps subject and text without them. */
export type Mail = { to: string; subject: string; text: string; secrets?: readonly string[] };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * One mailer for every email. Each message is recorded in the mails table (and the log); with
 * SMTP_URL set it is sent through nodemailer, otherwise it is also dropped as a text file in
 * MAIL_DIR (default DATA_DIR/mail), so activation, recovery and signing codes work and can be tested
 * without a mail server.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, opts: { smtpUrl: string | undefined; from: string; dropDir: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const { dropDir } = opts;
  // Two mails to one address in one millisecond (a code sent again at once) keep two files, in order.
  let sequence = 0;
  return {
    async send({ secrets = [], ...mail }) {
      const hide = (text: string) => secrets.reduce((t, secret) => (secret ? t.split(secret).join('…') : t), text);
      await db.insert(mails).values({ ...mail, subject: hide(mail.subject), text: hide(mail.text) });
      if (transport) {
        await transport.sendMail({ from: opts.from, ...mail });
        return;
      }
      mkdirSync(dropDir, { recursive: true });
      const file = path.join(dropDir, `${Date.now()}-${String(sequence++ % 1e6).padStart(6, '0')}-${mail.to.replace(/[^\w.@-]/g, '_')}.txt`);
      writeFileSync(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the drop folder (no SMTP configured)');
    },
  };
}
