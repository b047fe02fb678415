/**
 * Load test on loopback, bounded in time and count: `npx tsx bench/load/run.ts [--pg postgres://…]
 * [--seconds 10] [--clients 200] [--sockets 1000] [--rounds 5] [--responders 20] [--moves 5]`.
 *
 * Starts one Vigil instance in its own process (PGlite in a fresh folder, or a fresh database on
 * the PostgreSQL server given) and launches an alert near `--responders` responders registered
 * through the responder API. Then, once Vigil is idle, each read endpoint (and sign-in) for
 * `--seconds` with `--clients` concurrent keep-alive connections (autocannon, measured once all
 * are answered and after 2 s of warm-up), each sending its next request when the last one
 * answered, while the alert's responders report `--moves` positions a second in all (during the
 * read lines); then `--sockets` WebSocket clients signed in on one account, and `--rounds` alert
 * launches, timing each socket's REFRESH_ALERTS from the launch request. Writes
 * bench/load/results-<engine>.json; bench/load/report.ts renders docs/performance.md's section.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import WebSocket from 'ws';
import { hammer, percentile, round, type Call, type HttpResult } from '../http/hammer';
import { settled, startVigil, type VigilProcess } from '../http/vigil-process';
import { freshPostgres } from '../postgres';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const pgUrl = option('pg', '');
const seconds = Number(option('seconds', '10'));
const clients = Number(option('clients', '200'));
const socketCount = Number(option('sockets', '1000'));
const rounds = Number(option('rounds', '5'));
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const password = 'Vigil-Demo-2026!';
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });

interface Answer {
  status: number;
  body: string;
}

function request(method: string, path: string, body?: unknown, authorization?: string): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${path}`,
      { method, agent, timeout: 30_000, headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...(authorization ? { authorization } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    if (payload) req.write(payload);
    req.end();
  });
}

type LoadLine = HttpResult & {
  /** Positions the alert's responders reported during the line (the read lines). */
  moves?: number;
};

async function startServer(): Promise<{ vigil: VigilProcess; drop?: () => Promise<void> }> {
  const database = pgUrl ? await freshPostgres(pgUrl, 'vigil_load') : undefined;
  return { vigil: await startVigil({ port, databaseUrl: database?.url }), drop: database?.drop };
}

async function signIn(email: string): Promise<{ auth: string; token: string; siteId: number }> {
  const answer = await request('POST', '/services/backOffice/signin/', { username: email, password });
  const { token } = JSON.parse(answer.body).data as { token: string };
  // The session's account is the token's `site` claim.
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { site: number };
  return { auth: `JWT ${token}`, token, siteId: claims.site };
}

const rodez = { lat: 44.3506, lon: 2.575 };
let alertSequence = 0;
const launch = (auth: string) => request('POST', '/services/emergency/v2/alertLaunch', { ...rodez, address: `${(alertSequence += 1)} place de la Cité, 12000 Rodez`, alertType: 1 }, auth);

const onAlert = Number(option('responders', '20'));
const movesPerSecond = Number(option('moves', '5'));

/** Registers responders through the responder API around the victim, so that the alert has cards; answers their Authorization headers. */
async function registerResponders(count: number): Promise<string[]> {
  const auths: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const suffix = String(index).padStart(4, '0');
    const registered = await request('POST', '/services/responder/v1/register', {
      responder: { firstName: 'Load', lastName: `Responder ${suffix}`, email: `load${suffix}@example.org`, phone: `+3361100${suffix}`, age: 30, gender: 'female', trainedStatus: 'trained', carriesAed: false, language: 'fr' },
      device: { os: 'android', pushToken: `load-push-${suffix}`, buildVersion: '816', udid: `load-udid-${suffix}` },
    });
    if (registered.status !== 200) throw new Error(`register: ${registered.status} ${registered.body}`);
    const auth = `Responder ${(JSON.parse(registered.body).data as { token: string }).token}`;
    const position = await request('PUT', '/services/responder/v1/position', { ...near(index), available: true }, auth);
    if (position.status !== 200) throw new Error(`position: ${position.status} ${position.body}`);
    auths.push(auth);
  }
  return auths;
}

/** A point 10 to 300 m from the victim. */
const near = (step: number) => ({ lat: rodez.lat + ((step * 37) % 270 + 10) / 111_319, lon: rodez.lon + ((step * 53) % 200) / 80_000 });

/**
 * What a live intervention does meanwhile: its responders report their positions, `perSecond` in
 * all, through the responder API, and each move changes the cards and the live list's answers.
 * Answers a stop that says how many moves were reported.
 */
function keepMoving(auths: string[], perSecond: number): () => Promise<number> {
  let moves = 0;
  let step = 0;
  let pending = Promise.resolve();
  const timer = setInterval(() => {
    step += 1;
    pending = request('PUT', '/services/responder/v1/position', { ...near(step), available: true }, auths[step % auths.length]).then((answer) => {
      if (answer.status === 200) moves += 1;
    });
  }, 1000 / perSecond);
  return async () => {
    clearInterval(timer);
    await pending;
    return moves;
  };
}

interface SocketResult {
  sockets: number;
  connected: number;
  rounds: number;
  deliveries: number;
  missed: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  connectSeconds: number;
  loadBefore: number;
}

async function fanOut(operator: { token: string; siteId: number; auth: string }): Promise<SocketResult> {
  const loadBefore = loadavg()[0];
  const sockets: WebSocket[] = [];
  const waiting = new Map<WebSocket, (at: number) => void>();
  const connectStarted = performance.now();
  for (let start = 0; start < socketCount; start += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, socketCount - start) }, () =>
        new Promise<void>((resolve) => {
          const socket = new WebSocket(`ws://127.0.0.1:${port}/services/ws`);
          const give = setTimeout(resolve, 30_000);
          socket.on('open', () => {
            socket.send(JSON.stringify({ action: 'authenticate', token: operator.token }));
            socket.send(JSON.stringify({ action: 'setName', name: 'load', idAccount: String(operator.siteId), env: 'load' }));
          });
          socket.on('message', (raw: Buffer) => {
            const message = JSON.parse(raw.toString()) as { action: string; eventMsg?: string };
            if (message.action === 'error') {
              clearTimeout(give);
              resolve();
            }
            if (message.action === 'ready') {
              sockets.push(socket);
              clearTimeout(give);
              resolve();
            }
            if (message.action === 'eventMsg' && message.eventMsg === 'REFRESH_ALERTS') waiting.get(socket)?.(performance.now());
          });
          socket.on('error', () => resolve());
        }),
      ),
    );
  }
  const connectSeconds = round((performance.now() - connectStarted) / 1000);
  const latencies: number[] = [];
  let missed = 0;
  for (let index = 0; index < rounds; index += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const arrivals = sockets.map((socket) => new Promise<number | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), 10_000);
      waiting.set(socket, (at) => {
        clearTimeout(timer);
        waiting.delete(socket);
        resolve(at);
      });
    }));
    const t0 = performance.now();
    const launched = await launch(operator.auth);
    if (launched.status !== 200) throw new Error(`launch failed: ${launched.body}`);
    for (const at of await Promise.all(arrivals)) {
      if (at === undefined) missed += 1;
      else latencies.push(at - t0);
    }
  }
  for (const socket of sockets) socket.terminate();
  latencies.sort((a, b) => a - b);
  const result = { sockets: socketCount, connected: sockets.length, rounds, deliveries: latencies.length, missed, p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), p99: round(percentile(latencies, 99)), max: round(latencies.at(-1) ?? NaN), connectSeconds, loadBefore: round(loadBefore) };
  console.log(JSON.stringify(result));
  return result;
}

async function main() {
  const engine = pgUrl ? 'postgres' : 'pglite';
  const server = await startServer();
  try {
    const operator = await signIn('operator@vigil.test');
    const responders = await registerResponders(onAlert);
    const launched = JSON.parse((await launch(operator.auth)).body).data as { alertId: number; nbRequests: number };
    const http: LoadLine[] = [];
    const line = async (name: string, call: Call) => {
      await settled(server.vigil.child.pid!);
      const stop = call.authorization ? keepMoving(responders, movesPerSecond) : undefined;
      const result = await hammer(name, call, { bases: [base], clients, seconds });
      http.push({ ...result, moves: (await stop?.()) ?? 0 });
    };
    await line('sign-in (POST backOffice/signin/)', { method: 'POST', path: '/services/backOffice/signin/', body: { username: 'operator@vigil.test', password } });
    await line('AED list, first page (POST aed/getAllList)', { method: 'POST', path: '/services/backOffice/aed/getAllList', body: { filter: [], page: 1 }, authorization: operator.auth });
    await line('live alert list (GET alerts?close=0&status=2)', { method: 'GET', path: '/services/emergency/v2/alerts?close=0&status=2', authorization: operator.auth });
    await line('responders on call (GET citizenRespondersOnCall)', { method: 'GET', path: `/services/emergency/v2/citizenRespondersOnCall?alertId=${launched.alertId}&lang=fr`, authorization: operator.auth });
    await settled(server.vigil.child.pid!);
    const sockets = await fanOut(operator);
    const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? '', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
    const cards = { requests: launched.nbRequests, movesPerSecond };
    writeFileSync(new URL(`./results-${engine}.json`, import.meta.url), `${JSON.stringify({ engine, date: new Date().toISOString().slice(0, 10), seconds, clients, machine, cards, http, sockets }, null, 2)}\n`);
  } finally {
    agent.destroy();
    await server.vigil.stop();
    await server.drop?.();
  }
}

await main();
