import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { demoPassword } from '../../server/src/db/seed/accounts';

/**
 * What the server answered the page: the `data` of the latest successful answer to each API path,
 * so a test can hold what a screen shows against the figures the server sent it.
 */
export function recordAnswers(page: Page): <T>(path: string) => Promise<T> {
  const latest = new Map<string, unknown>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith('/services/') || !response.ok()) return;
    response
      .json()
      .then((body: { data?: unknown }) => latest.set(path, body.data))
      .catch(() => undefined);
  });
  return async <T>(path: string) => {
    await expect.poll(() => latest.has(path), { message: `an answer to ${path}` }).toBe(true);
    return latest.get(path) as T;
  };
}

/** Only the digits of a figure as shown (e.g. "1,234 in all" → "1234"). */
export const digitsOf = (text: string | null) => (text ?? '').replace(/\D/g, '');

/** Signs a demo user in over HTTP and answers a caller of the alert API (`/services/emergency/v2/…`) with that user's JWT. */
export async function emergencyApiAs(vigilUrl: string, email: string) {
  const signInResponse = await fetch(`${vigilUrl}/services/backOffice/signin/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: demoPassword }),
  });
  const { data } = (await signInResponse.json()) as { data: { token: string } };
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${vigilUrl}/services/emergency/v2/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `JWT ${data.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };
}
