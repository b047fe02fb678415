import type { AppContext } from './context';

/**
 * A module's background work, declared in its `modules/<area>/jobs.ts` so that its routes stay
 * HTTP only: durable workers, timers and sweeps, and what its requests leave running (bots, jobs
 * being queued). The bootstrap starts every module's jobs and stops them before the database closes.
 */
export interface ModuleJobs {
  /** Registers the durable workers; called before the job queue starts. */
  register(ctx: AppContext): void;
  /** Timers and first sweeps, once the job queue runs. */
  start?(ctx: AppContext): Promise<void>;
  /** Stops what runs; called at every stop, whether or not the background was started. */
  stop?(ctx: AppContext): Promise<void>;
}
