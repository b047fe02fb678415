import { readFileSync } from 'node:fs';
import { expect, vi } from 'vitest';
import type { AnyStateMachine, EventFromLogic } from 'xstate';
import { nextState } from '../../contract/charts/transition';
import type { Database } from '../../server/src/db/database';

/**
 * Replays a domain chart through the HTTP API: every state × every event, the answer and the state
 * read back compared with an explicit table that is itself checked against the chart, so that a
 * wrong transition in the server or in the chart fails.
 */

/** event → state → next state; a state missing under an event is a refusal. */
export type ChartTable<S extends string, E extends string> = Record<E, Partial<Record<S, S>>>;

const messages = ['en', 'fr', 'de'].map((language) => JSON.parse(readFileSync(`src/i18n/messages/${language}.json`, 'utf8')) as Record<string, string>);

/** Whether a message key has a text in every language. */
export const translated = (key: string) => messages.every((texts) => Boolean(texts[key]));

/** Asserts that the chart answers every (state, event) pair as the table says. */
export function expectTableIsChart<M extends AnyStateMachine, S extends string, E extends string>(
  chart: M,
  states: readonly S[],
  table: ChartTable<S, E>,
  eventOf: (type: E) => EventFromLogic<M> = (type) => ({ type }) as EventFromLogic<M>,
): void {
  for (const [event, allowed] of Object.entries(table) as [E, Partial<Record<S, S>>][]) {
    for (const state of states) expect(nextState(chart, state, eventOf(event)), `${state} + ${event}`).toBe(allowed[state]);
  }
}

/** What a call answered. */
export interface HttpAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the JSON answers freely
  body: any;
}

/**
 * How an event reached the entity: an HTTP answer to check, or `via` for a world event that has no
 * caller to answer (a durable job), or a call that leaves an entity in this state alone.
 */
export type Carried = HttpAnswer | { via: string };

/**
 * One replayed case: allowed → 2xx and the state read back is the table's; refused → 409 with the
 * chart's key (translated) and the state unchanged. A world event without an answer is judged by
 * the state read back alone.
 */
export async function expectReplay<S extends string>(carried: Carried, expected: { state: S; next: S | undefined; refusal: string }, readState: () => Promise<string>): Promise<void> {
  if ('status' in carried) {
    if (expected.next !== undefined) expect(carried.status, JSON.stringify(carried.body)).toBeLessThan(300);
    else {
      expect({ status: carried.status, key: carried.body?.msg }).toEqual({ status: 409, key: expected.refusal });
      expect(translated(expected.refusal), `${expected.refusal} has a text in en, fr and de`).toBe(true);
    }
  }
  expect(await readState()).toBe(expected.next ?? expected.state);
}

/** Waits until pg-boss has run the job `id` (it is no longer queued, retried or running). */
export async function jobSettled(database: Database, id: string | null): Promise<void> {
  if (!id) throw new Error('job not queued');
  await vi.waitFor(
    async () => {
      const [{ open }] = await database.query<{ open: number }>("SELECT count(*)::int AS open FROM pgboss.job WHERE id = $1 AND state IN ('created', 'retry', 'active')", [id]);
      expect(open).toBe(0);
    },
    { timeout: 30_000, interval: 50 },
  );
}
