import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  messageId: string;
};
export type MailTransport = { send: (mail: OutgoingMail) => Promise<void>; close: () => void };

/** Real SMTP when SMTP_URL is set. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP, each mail becomes an .eml file under DATA_DIR/mail/, and its path is logged. */
export function fileTransport(dir: string, log: FastifyBaseLogger): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const info = await builder.sendMail(mail);
      await mkdir(dir, { recursive: true });
      const safeId = mail.messageId.replace(/[^A-Za-z0-9.-]/g, '');
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeId}.eml`);
      await writeFile(file, info.message as Buffer);
      // No recipient here: a log line must not carry a child's e-mail address (the file holds it).
      log.info({ file, subject: mail.subject }, 'mail written to file');
    },
    close: () => builder.close(),
  };
}
