import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
// The file itself: Node's ES module loader does not resolve a package's folder imports.
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail: to files in DATA_DIR/mail by default, or over SMTP when SMTP_URL is set. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from, options.log) : fileMailer(join(options.dataDir, 'mail'), options.from, options.log);
}

/**
 * Limits of one SMTP delivery, so a silent server cannot hold a request for minutes (nodemailer
 * waits two minutes to connect and an hour on an idle socket by default). Query parameters of
 * SMTP_URL (`?greetingTimeout=20000`) override them.
 */
const smtpTimeouts = { dnsTimeout: 5000, connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 15_000 };

function smtpMailer(url: string, from: string, log: FastifyBaseLogger): Mailer {
  // The transport class reads `url` and merges it over the options (createTransport would drop them).
  const transport = nodemailer.createTransport(new SMTPTransport({ ...smtpTimeouts, url }));
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({ from, ...mail });
        log.info({ messageId: info.messageId, subject: mail.subject }, 'mail sent');
      } catch (error) {
        log.error({ err: error, subject: mail.subject }, 'mail not sent');
        throw error;
      }
    },
  };
}

/** Writes each mail as an .eml (the real message) and a .json (for tools and tests). */
function fileMailer(folder: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      if (folder.startsWith('memory:')) return;
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const info = await transport.sendMail({ from, ...mail });
      const name = `${new Date().toISOString().replaceAll(':', '-')}-${Math.random().toString(36).slice(2, 8)}`;
      await writeWhole(join(folder, `${name}.eml`), info.message as Buffer);
      await writeWhole(join(folder, `${name}.json`), JSON.stringify({ from, ...mail }, null, 2));
      log.info({ mail: name, subject: mail.subject }, 'mail written');
    },
  };
}

/** Writes under a temporary name then renames, so a reader of the folder never sees half a file. */
async function writeWhole(path: string, content: string | Buffer): Promise<void> {
  await writeFile(`${path}.part`, content, { mode: 0o600 });
  await rename(`${path}.part`, path);
}
