import type { ModuleJobs } from '../../module-jobs';
import { positionWritesSettled } from './position-writes';

/** The responder module's background work: at the stop, the position reports still being written. */
export const responderJobs: ModuleJobs = {
  register() {},
  async stop(ctx) {
    await positionWritesSettled(ctx);
  },
};
