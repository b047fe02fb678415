import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { describe, expect } from 'vitest';
import { area, offset } from '../server/alert-fixtures';
import { e2e, freePort, screenshot, signInInEnglish, startVigil, type VigilProcess } from './harness';
import { e2eDatabaseServer, freshE2eDatabase } from './vigil-process';

/**
 * One dispatcher's journey across two Vigil instances on one PostgreSQL database behind one
 * address, as a deployment behind a load balancer runs them: the page and its calls go to either
 * instance in turn, its WebSocket stays on the first, and a responder's answer reaches the second.
 * The live screen must show what the other instance did (announced through the database), and the
 * session signed in on one is honoured by the other. PostgreSQL only (CI's second browser run):
 * the embedded engine is one process's.
 */

const secret = 'one session secret for both instances of the journey!!';

interface Balancer {
  url: string;
  /** HTTP requests each instance served. */
  served: number[];
  close(): Promise<void>;
}

/**
 * A load balancer in front of the instances: HTTP round robin, or the instance a request names in
 * `x-vigil-instance` (the test's own calls); WebSocket upgrades always to the first instance.
 */
async function startBalancer(port: number, instances: VigilProcess[]): Promise<Balancer> {
  const served = instances.map(() => 0);
  let next = 0;
  const targetOf = (headers: IncomingHttpHeaders) => {
    const asked = Number(headers['x-vigil-instance']);
    return Number.isInteger(asked) && instances[asked] ? asked : next++ % instances.length;
  };
  const server = createServer((incoming, outgoing) => {
    const index = targetOf(incoming.headers);
    served[index] += 1;
    const target = new URL(instances[index].url);
    const forwarded = request({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  server.on('upgrade', (incoming, client, head) => {
    const target = new URL(instances[0].url);
    const upstream = connect(Number(target.port), target.hostname, () => {
      const headers = Object.entries(incoming.headers).map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}`);
      upstream.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Deployment {
  balancer: Balancer;
  instances: VigilProcess[];
}

const journeyE2e = e2e.extend('deployment', { scope: 'file' }, async ({}, { onCleanup }): Promise<Deployment> => {
  // Stopped in reverse order at the end of the file (a fixture has one cleanup).
  const stops: Array<() => Promise<void>> = [];
  onCleanup(async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  });
  const database = await freshE2eDatabase();
  stops.push(() => database.drop());
  const port = await freePort();
  const env = { DATABASE_URL: database.url, JWT_SECRET: secret, PUBLIC_URL: `http://127.0.0.1:${port}`, RESPONDER_AUTO_ACTIVATE: 'true' };
  // One after the other: the first applies the migrations and seeds the demo data.
  const instances: VigilProcess[] = [];
  for (let index = 0; index < 2; index += 1) {
    const instance = await startVigil(env);
    stops.push(() => instance.stop());
    instances.push(instance);
  }
  const balancer = await startBalancer(port, instances);
  stops.push(() => balancer.close());
  return { balancer, instances };
});

/** A responder's phone, through the balancer to the instance it names. */
async function phoneAt(baseUrl: string, instance: number, at: { lat: number; lon: number }) {
  const headers = { 'content-type': 'application/json', 'x-vigil-instance': String(instance) };
  const registered = await fetch(`${baseUrl}/services/responder/v1/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      responder: { firstName: 'Nina', lastName: 'Delmas', email: 'nina.delmas@example.org', phone: '+33610000099', trainedStatus: 'trained', language: 'fr' },
      device: { os: 'android', pushToken: 'push-delmas', udid: 'udid-delmas' },
    }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { token } = ((await registered.json()) as { data: { token: string } }).data;
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}/services/responder/v1/${path}`, { method, headers: { ...headers, authorization: `Responder ${token}` }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  };
  await call('PUT', 'position', { ...at, available: true });
  return { accept: (alertId: number) => call('POST', `alerts/${alertId}/accept`, {}) };
}

describe.skipIf(!e2eDatabaseServer)('two instances behind one address (PostgreSQL only; skipped without E2E_DATABASE_URL)', () => {
  journeyE2e('a dispatcher launches, follows and ends an alert while the instances share the work', { timeout: 180_000 }, async ({ deployment, browser, page }) => {
    const { balancer } = deployment;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Around Rodez the demo data has no responder: the one alerted is the test's own, whose phone talks to the second instance.
    const phone = await phoneAt(balancer.url, 1, offset(area, 120, 0));

    await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: balancer.url });
    await signInInEnglish(page, balancer.url, 'operator@vigil.test');
    await page.goto(`${balancer.url}/alert/call`);
    await page.locator('#alert-address').waitFor({ timeout: 15_000 });
    await page.evaluate((text) => navigator.clipboard.writeText(text), `${area.lat}, ${area.lon}`);
    await page.locator('[data-testid="paste-coordinates"]').click();
    await expect.poll(() => page.locator('[data-testid="launch-alert"]').isDisabled()).toBe(false);
    expect(await page.locator('[data-testid="responder-preview"] .alert-preview__count').textContent()).toBe('1');
    await page.locator('[data-testid="launch-alert"]').click();
    await expect.poll(() => page.locator('[data-testid="alert-status"]').getAttribute('data-phase')).toBe('live');
    await expect.poll(() => page.locator('[data-testid="responder-row"]').count()).toBe(1);
    const alertId = Number(new URL(page.url()).searchParams.get('alertId'));

    // The responder accepts through the second instance; the screen, whose socket is on the first, shows it.
    await phone.accept(alertId);
    await expect.poll(() => page.locator('[data-testid="responder-row"]').first().getAttribute('data-status')).toBe('dispatched');
    await screenshot(page, 'two-instances-accepted');

    // Both instances served the page's calls, and the session signed in on one was honoured by the other.
    expect(balancer.served.every((count) => count > 0)).toBe(true);

    await page.locator('[data-testid="end-intervention"]').click();
    await page.locator('[data-testid="confirm-end"]').click();
    await expect.poll(() => page.locator('[data-testid="alert-status"]').getAttribute('data-phase')).toMatch(/^closed/);
    expect(errors).toEqual([]);
  });
});
