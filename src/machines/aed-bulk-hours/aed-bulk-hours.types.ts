import type { Result } from '../../services/http';

/** A weekday of the contract: "1" Monday … "7" Sunday. */
export type Weekday = '1' | '2' | '3' | '4' | '5' | '6' | '7';

export interface AedBulkHoursContext {
  /** The AEDs ticked in the list when the dialog opened. */
  udids: string[];
  alwaysOpened: boolean;
  /** Days open, each with the same range; the others are closed. */
  days: Weekday[];
  open: string;
  close: string;
  errorKey: string | null;
  /** AEDs the last apply changed (the list reloads when it grows). */
  updated: number;
  /** Applies done since the screen opened: the list reloads on each. */
  applied: number;
}

export type AedBulkHoursEvent =
  | { type: 'hours.open'; udids: string[] }
  | { type: 'hours.alwaysOpened'; value: boolean }
  | { type: 'hours.day'; day: Weekday }
  | { type: 'hours.time'; part: 'open' | 'close'; value: string }
  | { type: 'hours.apply' }
  | { type: 'hours.cancel' };

export interface BulkHoursCall {
  udids: string[];
  alwaysOpened: boolean;
  openingHours: Partial<Record<Weekday, Array<{ open: string; close: string }>>>;
}

export type BulkHoursOutcome = Result<{ updated: number }>;
