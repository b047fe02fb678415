import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../../server/src/adapters/mail';
import { startTestServer, type TestServer } from './harness';

/** A received message: SMTP envelope plus the raw RFC 5322 text. */
interface Received {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

/** Splits a message (or a MIME part) into unfolded, lower-cased headers and its body. */
function parsePart(raw: string): Part {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded body of the first part of the given type, looking inside multipart messages. */
function bodyOf(part: Part, type: string): string | undefined {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1, -1);
    for (const section of sections) {
      const found = bodyOf(parsePart(section.replace(/^\r?\n/, '')), type);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!contentType.startsWith(type)) return undefined;
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body, 'base64').toString('utf8');
  return part.body;
}

function renewalLink(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error(`no link in ${text}`);
  return new URL(match[0]);
}

const forgot = (server: TestServer, email: string, language = 'en') =>
  server.app.inject({ method: 'POST', url: '/services/backoffice/password/forgot', headers: { 'accept-language': language }, payload: { email } });

/** Renews the password with the link's token and user id, then signs in with the new password. */
async function renewThrough(server: TestServer, link: URL, email: string, password: string) {
  const token = link.searchParams.get('token');
  const idUser = link.searchParams.get('id');
  const verify = await server.app.inject({ method: 'POST', url: '/services/backoffice/password/verifyToken', payload: { token, idUser } });
  expect(verify.json()).toEqual({ data: { valid: true } });
  const renew = await server.app.inject({ method: 'POST', url: '/services/backoffice/password/renew', payload: { token, idUser, password } });
  expect(renew.json()).toEqual({ data: { renewed: true } });
  const signIn = await server.app.inject({ method: 'POST', url: '/services/backOffice/signin/', payload: { username: email, password } });
  expect(signIn.statusCode).toBe(200);
}

describe('mail over SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Vigil <no-reply@vigil.test>' });
  });

  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  });

  it('delivers the forgot-password mail with a renewal link that works', async () => {
    const response = await forgot(server, 'aed-manager@vigil.test');
    expect(response.json()).toEqual({ data: { sent: true } });
    // The mail leaves in the background so the answer never depends on the mail server.
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
    const [mail] = received;
    expect(mail.mailFrom).toBe('no-reply@vigil.test');
    expect(mail.rcptTo).toEqual(['aed-manager@vigil.test']);
    const message = parsePart(mail.raw);
    expect(message.headers.get('to')).toBe('aed-manager@vigil.test');
    expect(message.headers.get('from')).toBe('Vigil <no-reply@vigil.test>');
    expect(message.headers.get('subject')).toBe('Vigil: renew your password');
    const text = bodyOf(message, 'text/plain')!;
    expect(text).toContain('valid for one hour');
    const link = renewalLink(text);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/authentication/renew-password');
    expect(bodyOf(message, 'text/html')!.replaceAll('&amp;', '&')).toContain(`href="${link.href}"`);
    await renewThrough(server, link, 'aed-manager@vigil.test', 'Renewed-by-SMTP-link-2026');
  });

  it('writes the mail in the language asked for, with its accents intact', async () => {
    const before = received.length;
    await forgot(server, 'operator@vigil.test', 'fr-FR,fr;q=0.9');
    await vi.waitFor(() => expect(received.length).toBe(before + 1), { timeout: 10_000 });
    const message = parsePart(received[before].raw);
    expect(message.headers.get('subject')).toBe('Vigil : renouvellement de votre mot de passe');
    expect(bodyOf(message, 'text/plain')).toContain('Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure)');
  });

  it('sends nothing for an unknown address', async () => {
    const before = received.length;
    expect((await forgot(server, 'nobody@vigil.test')).json()).toEqual({ data: { sent: true } });
    expect(received).toHaveLength(before);
  });
});

describe('SMTP server that never answers', () => {
  let sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket)); // accepts, never greets

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    sockets = [];
    await new Promise((resolve) => silent.close(resolve));
  });

  it('fails the send after the 5 s greeting time-out instead of hanging for minutes', async ({ annotate }) => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Vigil <no-reply@vigil.test>',
      dataDir: 'memory://',
      log: pino({ level: 'silent' }) as FastifyBaseLogger,
    });
    const started = Date.now();
    // A send left waiting for the greeting would never end (the test's time-out would); the error names the greeting.
    await expect(mailer.send({ to: 'someone@vigil.test', subject: 'x', text: 'y' })).rejects.toThrow(/greeting/i);
    const ms = Date.now() - started;
    await annotate(`gave up after ${ms} ms (greeting time-out 5000 ms)`);
    expect(ms).toBeGreaterThanOrEqual(4900);
    expect(sockets.length).toBe(1);
  });
});

describe('default mailer: files in DATA_DIR/mail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it('writes each mail as an .eml and a .json whose link renews the password', async () => {
    const folder = join(server.dataDir, 'mail');
    await forgot(server, 'aed-editor@vigil.test', 'de');
    const files = await vi.waitFor(
      () => {
        const names = readdirSync(folder).filter((name) => /\.(eml|json)$/.test(name)).sort();
        expect(names).toHaveLength(2);
        return names;
      },
      { timeout: 10_000 },
    );
    const [eml, json] = [files.find((name) => name.endsWith('.eml'))!, files.find((name) => name.endsWith('.json'))!];
    expect(eml.replace(/\.eml$/, '')).toBe(json.replace(/\.json$/, ''));

    const record = JSON.parse(readFileSync(join(folder, json), 'utf8'));
    expect(record).toMatchObject({ to: 'aed-editor@vigil.test', from: 'Vigil <no-reply@vigil.local>', subject: 'Vigil: Erneuerung Ihres Passworts' });

    const message = parsePart(readFileSync(join(folder, eml), 'utf8'));
    expect(message.headers.get('to')).toBe('aed-editor@vigil.test');
    expect(message.headers.get('subject')).toBe('Vigil: Erneuerung Ihres Passworts');
    const text = bodyOf(message, 'text/plain')!;
    expect(text).toContain('Um ein neues Passwort zu wählen');
    const link = renewalLink(text);
    expect(renewalLink(record.text).href).toBe(link.href);
    await renewThrough(server, link, 'aed-editor@vigil.test', 'Renewed-by-file-link-2026');
  });
});
