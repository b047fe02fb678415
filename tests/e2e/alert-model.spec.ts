import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AlertEvent, AlertState } from '../../contract/charts/alert.chart';
import { alertChart } from '../../contract/charts/alert.chart';
import { planPaths } from '../machines/kit-paths';
import { e2e, prepareE2e, signIn, startVigil, type VigilProcess } from './harness';

/**
 * Model-based replay of the alert chart (contract/charts/alert.chart.ts) in the browser against the
 * real server: the paths come from the chart (tests/machines/kit-paths.ts: the shortest path to
 * every state and one more per transition they miss), each event is a dispatcher's gesture on the
 * alert screen (or what the world does: bots answering, the auto-close, a colleague), and after each
 * step the screen must show the state the chart predicts, and the server's event log must lead to
 * it too (the inspector's domain chart). A new event in the chart without a gesture fails to compile.
 */

// Bots answer soon; the auto-close comes after 90 s instead of 20 minutes; the escalation is on and,
// since 8 bots can never be 9 acceptances, widens the radius 20 s after the launch and again 20 s later.
const escalation = { ALERT_ESCALATION_ENABLED: 'true', ALERT_ESCALATION_MIN_ACCEPTED: '9', ALERT_ESCALATION_AFTER_SECONDS: '20', ALERT_ESCALATION_STEP_KM: '0.2', ALERT_ESCALATION_MAX_KM: '0.8' };
const modelE2e = e2e.extend('vigil', { scope: 'file' }, async ({}, { onCleanup }) => {
  const vigil = await startVigil({ BOTS_SPEED_FACTOR: '12', BOTS_ACCEPT_PROBABILITY: '0.9', BOTS_REPORT_SECONDS: '10', ALERT_AUTO_CLOSE_SECONDS: '90', ...escalation });
  onCleanup(() => vigil.stop());
  return vigil;
});
prepareE2e();

const eventTypes = ['alert.setUp', 'address.change', 'alert.launch', 'alert.close', 'alert.autoClose', 'alert.escalate', 'responder.stop', 'responder.start', 'responder.answer'] as const satisfies readonly AlertEvent['type'][];
const { paths } = planPaths({
  machine: alertChart,
  events: Object.fromEntries(eventTypes.map((type) => [type, [{ type }]])),
  actors: {},
  start: 0,
  limit: 1000,
});

const victim = '45.7772, 3.0870';
const nearby = '45.7780, 3.0870';

interface World {
  page: Page;
  vigil: VigilProcess;
  /** The state the chart says the alert is in before the gesture. */
  state: AlertState;
}

const phase = (page: Page) => page.locator('[data-testid="alert-status"]').getAttribute('data-phase');
const rowStatuses = (page: Page) => page.locator('[data-testid="responder-row"]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status') ?? ''));
const alertIdOf = (page: Page) => Number(new URL(page.url()).searchParams.get('alertId') ?? 0);

async function paste(page: Page, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.locator('[data-testid="paste-coordinates"]').click();
}

/** The caller's own API with the token the SPA keeps. */
async function api<T>(page: Page, vigil: VigilProcess, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token);
  const response = await fetch(`${vigil.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** Each chart event as a gesture on the alert screen, or as what the world does. */
const gestures = {
  // Place the victim: pasted coordinates set the draft up.
  'alert.setUp': async ({ page }) => {
    await paste(page, victim);
    await expect.poll(() => page.locator('[data-testid="victim-coordinates"]').textContent(), { timeout: 20_000 }).toContain('45.77720, 3.08700');
    await expect.poll(() => page.locator('[data-testid="launch-alert"]').isDisabled(), { timeout: 20_000 }).toBe(false);
  },
  // Move the victim 90 m: the draft is set up again there, a live alert moves.
  'address.change': async (world) => {
    const { page } = world;
    if (world.state === 'settingUp' && alertIdOf(page) === 0) await gestures['alert.setUp'](world);
    await paste(page, nearby);
    await expect.poll(() => page.locator('[data-testid="victim-coordinates"]').textContent(), { timeout: 20_000 }).toContain('45.77800, 3.08700');
    if (world.state === 'live') await expect.poll(() => page.locator('.p-toast-message').allTextContents().then((texts) => texts.join(' ')), { timeout: 15_000 }).toContain('address has been updated');
  },
  // Launch (placing the victim first when nothing is placed yet: the launch needs a place).
  'alert.launch': async (world) => {
    const { page } = world;
    if (await page.locator('[data-testid="launch-alert"]').isDisabled()) await gestures['alert.setUp'](world);
    await page.locator('[data-testid="launch-alert"]').click();
    await expect.poll(() => phase(page), { timeout: 20_000 }).toBe('live');
    await expect.poll(() => page.locator('[data-testid="responder-row"]').count(), { timeout: 20_000 }).toBe(8);
  },
  // End the intervention and confirm; a draft has no end button: a colleague closes it, and the
  // dispatcher opens it again from its address.
  'alert.close': async (world) => {
    const { page, vigil } = world;
    if (world.state === 'live') {
      await page.locator('[data-testid="end-intervention"]').click();
      await page.locator('[data-testid="confirm-end"]').click();
      return;
    }
    if (alertIdOf(page) === 0) await gestures['alert.setUp'](world);
    await expect.poll(() => alertIdOf(page), { timeout: 15_000 }).toBeGreaterThan(0);
    const alertId = alertIdOf(page);
    await api(page, vigil, '/services/emergency/v2/alertClose', { alertId });
    await page.goto(`${vigil.url}/alert/call?alertId=${alertId}`);
  },
  // Nobody ends it: the auto-close does.
  'alert.autoClose': async ({ page }) => {
    await expect.poll(() => phase(page), { timeout: 150_000, interval: 2_000 }).toMatch(/^closed/);
    if ((await phase(page)) === 'closedElsewhere') await page.locator('[data-testid="reload-closed"]').click();
  },
  // Nobody answers enough: the escalation widens the radius, and the live screen shows one more step.
  'alert.escalate': async ({ page }) => {
    const steps = page.locator('[data-testid="escalation-step"]');
    const before = await steps.count();
    await expect.poll(() => steps.count(), { timeout: 60_000, interval: 1_000 }).toBeGreaterThan(before);
  },
  // Stop a responder from the list.
  'responder.stop': async ({ page }) => {
    // The row is held by its responder: a bot moving on meanwhile must not shift the click to another row.
    const id = await page.locator('[data-testid="responder-row"]').filter({ has: page.locator('[data-testid="stop-responder"]') }).first().getAttribute('data-responder-id');
    await page.locator(`[data-testid="responder-row"][data-responder-id="${id}"] [data-testid="stop-responder"]`).click();
    await expect.poll(() => page.locator(`[data-testid="responder-row"][data-responder-id="${id}"]`).getAttribute('data-status'), { timeout: 15_000 }).toBe('stopped');
  },
  // Send a stopped responder the alert again (stopping one first when none is stopped).
  'responder.start': async (world) => {
    const { page } = world;
    if ((await page.locator('[data-testid="start-responder"]').count()) === 0) await gestures['responder.stop'](world);
    // The row is held by its responder: a bot moving on meanwhile must not shift the click to another row.
    const id = await page.locator('[data-testid="responder-row"]').filter({ has: page.locator('[data-testid="start-responder"]') }).first().getAttribute('data-responder-id');
    await page.locator(`[data-testid="responder-row"][data-responder-id="${id}"] [data-testid="start-responder"]`).click();
    await expect.poll(() => page.locator(`[data-testid="responder-row"][data-responder-id="${id}"]`).getAttribute('data-status'), { timeout: 15_000 }).not.toBe('stopped');
  },
  // The bots answer by themselves.
  'responder.answer': async ({ page }) => {
    await expect.poll(async () => (await rowStatuses(page)).some((status) => status !== 'available' && status !== 'stopped'), { timeout: 60_000 }).toBe(true);
  },
} satisfies Record<AlertEvent['type'], (world: World) => Promise<void>>;

/** What the alert screen shows in each chart state. */
const screenOf = {
  settingUp: ['editing'],
  live: ['live'],
  closed: ['closed'],
} satisfies Record<AlertState, readonly string[]>;

const reached = new Set<string>();
const taken = new Set<string>();

for (const path of paths) {
  modelE2e(`alert chart path: ${path.description || '(initial state)'}`, async ({ vigil, browser, page }) => {
    await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: vigil.url });
    await page.addInitScript(() => localStorage.setItem('language', JSON.stringify('en_US')));
    // The browser profile is shared by the paths: sign in from a clean slate each time.
    await page.goto(`${vigil.url}/authentication/sign-in`);
    await page.evaluate(() => localStorage.removeItem('user'));
    await signIn(page, vigil.url, 'admin@vigil.test');
    await page.goto(`${vigil.url}/alert/call`);
    await page.locator('#alert-address').waitFor({ timeout: 20_000 });
    await page.locator('.alert-debug-mode').click();
    await page.locator('li[role="option"]', { hasText: 'Test interface with bots' }).click();

    let state = alertChart.config.initial as AlertState;
    for (const [index, step] of path.steps.entries()) {
      if (index > 0) {
        await gestures[step.event.type as AlertEvent['type']]({ page, vigil, state });
        taken.add(`${state}|${step.event.type}`);
      }
      state = step.value as AlertState;
      reached.add(state);
      await expect.poll(() => phase(page), { timeout: 20_000 }).toBeOneOf([...screenOf[state]]);
      const alertId = alertIdOf(page);
      if (alertId > 0) {
        // The server's log, replayed on the same chart, agrees.
        await expect.poll(async () => (await api<{ alert: { state: string } }>(page, vigil, `/services/inspection/v1/alerts/${alertId}`)).alert.state, { timeout: 15_000 }).toBe(state);
      }
    }
  }, 240_000);
}

modelE2e('the browser replay covers every state and transition of the alert chart', () => {
  const states = Object.keys(alertChart.states);
  const transitions = Object.entries(alertChart.config.states ?? {}).flatMap(([name, node]) => Object.keys((node as { on?: object }).on ?? {}).map((event) => `${name}|${event}`));
  console.log(`alert chart in the browser: states ${reached.size}/${states.length}, transitions ${taken.size}/${transitions.length}, paths ${paths.length}`);
  expect([...reached].sort()).toEqual([...states].sort());
  expect([...taken].sort()).toEqual([...transitions].sort());
});
