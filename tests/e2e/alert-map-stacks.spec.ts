import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { area, offset } from '../server/alert-fixtures';
import { e2e, screenshot, signInInEnglish, startVigil } from './harness';

/**
 * Responders on one doorstep, on the live alert map in Chromium against a real Vigil: three
 * responders standing at one place are one marker with their count, the two others of the radius
 * stay apart; a click on the stack lists the three with the labels of their rows in the list; when
 * one of them walks off, the stack and its open list count two and the one who left has a marker of
 * their own.
 * Around Rodez, where the demo data has no responder, every marker is the test's own.
 */

// Registered responders are alerted at once, as after staff validation.
const stacksE2e = e2e.extend('vigil', { scope: 'file' }, async ({}, { onCleanup }) => {
  const vigil = await startVigil({ RESPONDER_AUTO_ACTIVATE: 'true' });
  onCleanup(() => vigil.stop());
  return vigil;
});

const victim = area;
const doorstep = offset(victim, 100, 0);
/** Two responders share initials: the labels CR1 and CR2 tell them apart, on the map and in the list. */
const stacked = [
  { firstName: 'Camille', lastName: 'Roux' },
  { firstName: 'Clément', lastName: 'Rey' },
  { firstName: 'Inès', lastName: 'Vidal' },
];
const apart = [
  { firstName: 'Hugo', lastName: 'Marty', at: offset(victim, 0, 250) },
  { firstName: 'Léa', lastName: 'Bastide', at: offset(victim, -200, -200) },
];

const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/** A responder's phone: registers (the account is activated on registration) and reports where it is. */
async function responderAt(vigilUrl: string, person: { firstName: string; lastName: string }, at: { lat: number; lon: number }, index: number) {
  const slug = person.lastName.toLowerCase();
  const registered = await fetch(`${vigilUrl}/services/responder/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      responder: { firstName: person.firstName, lastName: person.lastName, email: `${slug}@example.org`, phone: `+33610000${index}`, trainedStatus: 'trained', language: 'fr' },
      device: { os: 'android', pushToken: `push-${slug}`, udid: `udid-${slug}` },
    }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { token } = ((await registered.json()) as { data: { token: string } }).data;
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(`${vigilUrl}/services/responder/v1/${path}`, { method, headers: { authorization: `Responder ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  };
  const phone = {
    moveTo: (point: { lat: number; lon: number }) => call('PUT', 'position', { ...point, available: true }),
    accept: (alertId: number) => call('POST', `alerts/${alertId}/accept`, {}),
  };
  await phone.moveTo(at);
  return phone;
}

/** Badge and name of each line of the open stack's list. */
const stackEntries = (page: Page) =>
  page.locator('[data-testid="map-stack-list"] li').evaluateAll((lines) => lines.map((line) => `${line.querySelector('.vigil-stack-entry__badge')?.textContent ?? ''} ${line.querySelector('span:last-child')?.textContent?.split(' · ')[0] ?? ''}`));
/** Badge and name of each row of the responder list. */
const rowLabels = (page: Page) =>
  page.locator('[data-testid="responder-row"]').evaluateAll((rows) => rows.map((row) => `${row.querySelector('[data-testid="responder-marker-label"]')?.textContent ?? ''} ${row.querySelector('.responder-row__person')?.textContent ?? ''}`));
const responderMarkerTitles = (page: Page) => page.locator('.leaflet-marker-icon.responder-marker').evaluateAll((markers) => markers.map((marker) => marker.getAttribute('title') ?? '').sort());

stacksE2e('responders at one place are one marker that lists them; one who walks off leaves the stack', { timeout: 120_000 }, async ({ vigil, browser, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const people = [...stacked.map((person) => ({ ...person, at: doorstep })), ...apart];
  const phones = await Promise.all(people.map((person, index) => responderAt(vigil.url, person, person.at, index)));

  // The dispatcher places the victim by pasted coordinates and launches: the five are alerted.
  await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: vigil.url });
  await signInInEnglish(page, vigil.url, 'operator@vigil.test');
  await page.goto(`${vigil.url}/alert/call`);
  await page.locator('#alert-address').waitFor({ timeout: 15_000 });
  await page.evaluate((text) => navigator.clipboard.writeText(text), `${victim.lat}, ${victim.lon}`);
  await page.locator('[data-testid="paste-coordinates"]').click();
  await expect.poll(() => page.locator('[data-testid="launch-alert"]').isDisabled()).toBe(false);
  expect(await page.locator('[data-testid="responder-preview"] .alert-preview__count').textContent()).toBe('5');
  await page.locator('[data-testid="launch-alert"]').click();
  await expect.poll(() => page.locator('[data-testid="alert-status"]').getAttribute('data-phase')).toBe('live');
  await expect.poll(() => page.locator('[data-testid="responder-row"]').count()).toBe(5);
  const alertId = Number(new URL(page.url()).searchParams.get('alertId'));

  // One marker counts the three on the doorstep; the two others stand apart, by name.
  const stack = page.locator('.leaflet-marker-icon.vigil-stack');
  await expect.poll(() => stack.count()).toBe(1);
  expect(await stack.getAttribute('title')).toBe('3 at this place: who and what');
  expect(await stack.textContent()).toBe('3');
  expect(await responderMarkerTitles(page)).toEqual(apart.map(nameOf).sort());

  // Its list names the three with the labels their rows carry in the responder list.
  await stack.click();
  await page.locator('[data-testid="map-stack-list"]').waitFor({ timeout: 10_000 });
  expect(await page.locator('.vigil-stack-popup__title').textContent()).toBe('3 at this place: who and what');
  const entries = await stackEntries(page);
  expect(entries.map((entry) => entry.replace(/^\S+ /, '')).sort()).toEqual(stacked.map(nameOf).sort());
  expect(entries.filter((entry) => /^CR\d /.test(entry))).toHaveLength(2);
  expect((await rowLabels(page)).filter((row) => entries.includes(row)).sort()).toEqual([...entries].sort());
  await screenshot(page, 'alert-map-stacks-1-listed');

  // Clément Rey accepts: his row goes first, the list stays open on the three.
  await phones[1]!.accept(alertId);
  const clement = page.locator('[data-testid="responder-row"]').first();
  await expect.poll(() => clement.getAttribute('data-status')).toBe('dispatched');
  expect(await clement.locator('.responder-row__person').textContent()).toBe('Clément Rey');
  expect((await stackEntries(page)).sort()).toEqual([...entries].sort());

  // He walks 200 m off: he has his own marker, labelled as his row; the stack, its name and its
  // open list count the two left.
  await phones[1]!.moveTo(offset(doorstep, 0, -200));
  await expect.poll(() => responderMarkerTitles(page)).toEqual([...apart.map(nameOf), 'Clément Rey'].sort());
  const walker = page.locator('.leaflet-marker-icon.responder-marker[title="Clément Rey"]');
  expect(await rowLabels(page)).toContain(`${await walker.textContent()} Clément Rey`);
  expect(await stack.count()).toBe(1);
  expect(await stack.textContent()).toBe('2');
  expect(await stack.getAttribute('title')).toBe('2 at this place: who and what');
  expect(await page.locator('.vigil-stack-popup__title').textContent()).toBe('2 at this place: who and what');
  expect((await stackEntries(page)).sort()).toEqual(entries.filter((entry) => !entry.endsWith('Clément Rey')).sort());
  await screenshot(page, 'alert-map-stacks-2-walked-off');
  expect(errors).toEqual([]);
});
