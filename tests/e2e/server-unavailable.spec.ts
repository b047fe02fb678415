import type { Page, Route, WebSocket } from 'playwright-core';
import { expect } from 'vitest';
import { e2e, prepareE2e, signInInEnglish } from './harness';
import { digitsOf, emergencyApiAs, recordAnswers } from './server-answers';

/**
 * The app when the server cannot serve: a 503 `error.database.unavailable` (what the server answers
 * when its database is gone) shows the server-error dialog and the card's own message, and the user
 * recovers once the server answers again, by the dialog's reload or by the next action. Then a real
 * restart of the server under an open screen: its WebSocket reconnects by itself and the next
 * REFRESH_ALERTS reaches the screen without a reload.
 */

prepareE2e();

const indicators = '**/services/backoffice/indicators/**';
const databaseGone = (route: Route) => route.fulfill({ status: 503, contentType: 'application/json', headers: { 'Retry-After': '5' }, body: JSON.stringify({ error: true, msg: 'error.database.unavailable' }) });
const dialog = (page: Page) => page.locator('.p-dialog', { hasText: 'Server error' });
const summary = (page: Page) => page.locator('[data-testid="reporting-summary"]');
const total = (page: Page) => page.locator('[data-testid="reporting-total"] .stat-tile__value');

e2e('a 503 shows the server-error dialog and the card its message; the reload, then the next refresh, recover once the server answers', async ({ vigil, page }) => {
  const answerTo = recordAnswers(page);
  await signInInEnglish(page, vigil.url);
  await page.route(indicators, databaseGone);
  await page.goto(`${vigil.url}/alert/dashboard`);
  await dialog(page).waitFor();
  expect(await dialog(page).textContent()).toContain('A server error has occurred.');
  await expect.poll(() => summary(page).locator('[role="alert"]').textContent()).toContain('The database cannot be reached right now. Try again in a few seconds.');

  // The server is back: the dialog's reload shows the figures.
  await page.unroute(indicators);
  await dialog(page).getByRole('button', { name: 'Reload the page' }).click();
  await expect.poll(async () => digitsOf(await total(page).textContent())).not.toBe('');
  const figures = await answerTo<{ total: number }>('/services/backoffice/indicators/alertsSummary');
  await expect.poll(() => total(page).textContent().then(digitsOf)).toBe(String(figures.total));
  expect(await dialog(page).count()).toBe(0);
  expect(await summary(page).locator('[role="alert"]').count()).toBe(0);

  // Gone again under the open page: the refresh fails the same way; once back, closing the dialog and refreshing recovers.
  await page.route(indicators, databaseGone);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await dialog(page).waitFor();
  await expect.poll(() => summary(page).locator('[role="alert"]').count()).toBe(1);
  await page.unroute(indicators);
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog(page).isVisible()).toBe(false);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(() => summary(page).locator('[role="alert"]').count()).toBe(0);
  expect(digitsOf(await total(page).textContent())).toBe(String(figures.total));
});

interface RecordedSocket {
  socket: WebSocket;
  frames: string[];
}

/** The page's WebSockets in order, with the frames each received. */
function recordSockets(page: Page) {
  const sockets: RecordedSocket[] = [];
  page.on('websocket', (socket) => {
    const entry = { socket, frames: [] as string[] };
    socket.on('framereceived', (frame) => entry.frames.push(String(frame.payload)));
    sockets.push(entry);
  });
  return sockets;
}

/** Open, signed in and listening to its account: the server answered its setName with "ready". */
const joined = ({ socket, frames }: RecordedSocket) => !socket.isClosed() && frames.some((frame) => frame.includes('"action":"ready"'));

e2e('after a server restart the open screen reconnects its WebSocket and shows an alert launched then, without a reload', async ({ vigil, page }) => {
  const sockets = recordSockets(page);
  await signInInEnglish(page, vigil.url, 'operator@vigil.test');
  await page.goto(`${vigil.url}/alert/tutorial`);
  // A mark in the document: still there at the end means no reload happened.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await expect.poll(() => sockets.some(joined)).toBe(true);
  const first = sockets.find(joined)!;
  const banner = page.locator('[data-testid="ongoing-banner"]');
  const victim = { lat: 45.7772, lon: 3.087, alertType: 7, debugMode: 1 };

  // Before: an alert launched reaches the screen over the socket.
  await (await emergencyApiAs(vigil.url, 'operator@vigil.test'))('alertLaunch', { ...victim, address: '1 place de Jaude, Clermont-Ferrand' });
  await expect.poll(() => banner.textContent()).toContain('1 ongoing intervention');
  expect(first.frames.some((frame) => frame.includes('REFRESH_ALERTS'))).toBe(true);

  // The server stops: the socket closes; the server starts again on the same address and data.
  await vigil.restart();
  await expect.poll(() => first.socket.isClosed()).toBe(true);

  // The screen's socket comes back by itself, signs in again and joins its account (the server says "ready").
  const rejoined = (entry: RecordedSocket) => entry !== first && joined(entry);
  await expect.poll(() => sockets.some(rejoined), { timeout: 60_000 }).toBe(true);
  const second = sockets.find(rejoined)!;

  // An alert launched after the restart reaches the open screen over the new socket.
  await (await emergencyApiAs(vigil.url, 'operator@vigil.test'))('alertLaunch', { ...victim, address: '2 place de Jaude, Clermont-Ferrand' });
  await expect.poll(() => second.frames.some((frame) => frame.includes('REFRESH_ALERTS'))).toBe(true);
  await expect.poll(() => banner.textContent()).toContain('2 ongoing interventions');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}, 180_000);
