import { setup } from 'xstate';

/** Every event that moves an AED import run through its lifecycle (spec §2 "AED import", §4 "Import"). */
export type ImportRunEvent =
  /** The column mapping is saved (again, as long as processing has not started). */
  | { type: 'import.map' }
  /** Processing of the whole file is asked for (again, after a run that ended, to retry every row). */
  | { type: 'import.start' }
  /** Staff pause a running import; the durable job stops after its current batch. */
  | { type: 'import.pause' }
  /** Staff resume a paused or failed import; it goes on from the first row not yet processed. */
  | { type: 'import.resume' }
  /** The durable job has processed the last row. */
  | { type: 'import.finish' }
  /** The durable job cannot go on (database error after its retries). */
  | { type: 'import.fail' }
  /** One row is processed again on its own (retry, or force of a potential duplicate). */
  | { type: 'import.processRow' };

/** Stored states of a run. */
export const importRunStates = ['uploaded', 'mapped', 'processing', 'paused', 'done', 'failed'] as const;
export type ImportRunState = (typeof importRunStates)[number];

/**
 * The lifecycle of an import run, a pure chart: the server asks `nextState` before every write (an
 * illegal step is a 409 error.import.illegal-step), the SPA asks `can` to show map, start, pause,
 * resume, retry and force. A run survives a page reload (it is stored) and a server restart (the
 * job is durable and goes on from its cursor).
 */
export const importRunChart = setup({
  types: { events: {} as ImportRunEvent },
}).createMachine({
  id: 'importRun',
  initial: 'uploaded',
  states: {
    // The file is parsed and stored; no column mapping yet.
    uploaded: {
      on: { 'import.map': 'mapped' },
    },
    mapped: {
      on: {
        'import.map': 'mapped',
        'import.start': 'processing',
        'import.processRow': 'mapped',
      },
    },
    processing: {
      tags: ['busy'],
      on: {
        'import.pause': 'paused',
        'import.finish': 'done',
        'import.fail': 'failed',
      },
    },
    // Stopped by staff between two batches; single rows may still be retried or forced.
    paused: {
      on: {
        'import.resume': 'processing',
        'import.processRow': 'paused',
      },
    },
    done: {
      on: {
        'import.start': 'processing',
        'import.processRow': 'done',
      },
    },
    // The job gave up; resuming goes on from the cursor.
    failed: {
      on: {
        'import.resume': 'processing',
        'import.processRow': 'failed',
      },
    },
  },
});
