import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { errorKeys } from '../../../contract/errors';
import type { AppContext } from '../context';
import { isDatabaseUnavailable } from '../db/unavailable';
import { projectFile } from '../project-files';

/** Key of a readiness answer whose database answers but whose migrations or listener are not there. */
export const notReadyKey = 'error.service.not-ready';

/** When drizzle-kit generated the newest migration this build carries (drizzle records it as created_at). */
const newestMigration = (() => {
  const journal = JSON.parse(readFileSync(projectFile('server/src/db/migrations/meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
})();

export interface Readiness {
  database: 'ok' | 'unavailable';
  migrations: 'ok' | 'pending' | 'unknown';
  listener: 'ok' | 'down';
}

/** The checks of /ready: the database answers, every migration of this build is applied, LISTEN is up. */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  const listener = ctx.database.listening() ? 'ok' : 'down';
  try {
    const [row] = await ctx.database.query<{ applied: string | null }>('SELECT max(created_at)::text AS applied FROM drizzle.__drizzle_migrations');
    const migrations = row?.applied && Number(row.applied) >= newestMigration ? 'ok' : 'pending';
    return { database: 'ok', migrations, listener };
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    return { database: 'unavailable', migrations: 'unknown', listener };
  }
}

/**
 * Liveness and readiness, apart, for load balancers and orchestrators. /health says the process
 * answers (restart it when it does not) and touches nothing else; /ready says this instance can
 * serve (send it traffic): 200 with the checks, or 503 with them as `details`.
 */
export function readinessRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/health', async () => ({ status: 'ok', database: ctx.database.kind }));
  app.get('/ready', async (_request, reply) => {
    const checks = await readiness(ctx);
    if (checks.database === 'ok' && checks.migrations === 'ok' && checks.listener === 'ok') return { status: 'ready', ...checks };
    const msg = checks.database === 'ok' ? notReadyKey : errorKeys.databaseUnavailable;
    return reply.status(503).header('Retry-After', '5').send({ error: true, msg, details: checks });
  });
}
