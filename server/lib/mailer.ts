import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mails } from '../db/schema';

/** `secrets` (a link's token) are sent but never recorded: the mails table keeps the text without them. */
export type Mail = { to: string; subject: string; text: string; secrets?: readonly string[] };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * One mailer for every email. Each message is recorded in the mails table (and the log); with
 * SMTP_URL set it is sent through nodemailer, otherwise it is also dropped as a text file in
 * DATA_DIR/mail, so activation and recovery work and can be tested without a mail server.
 */
export function createMailer(db: Db, log: FastifyBaseLogger, opts: { smtpUrl: string | undefined; from: string; dataDir: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const dropDir = path.join(opts.dataDir, 'mail');
  return {
    async send({ secrets = [], ...mail }) {
      const recorded = secrets.reduce((text, secret) => (secret ? text.split(secret).join('…') : text), mail.text);
      await db.insert(mails).values({ ...mail, text: recorded });
      if (transport) {
        await transport.sendMail({ from: opts.from, ...mail });
        return;
      }
      mkdirSync(dropDir, { recursive: true });
      const file = path.join(dropDir, `${Date.now()}-${mail.to.replace(/[^\w.@-]/g, '_')}.txt`);
      writeFileSync(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the drop folder (no SMTP configured)');
    },
  };
}
