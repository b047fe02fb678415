import type { Tester } from '../../../contract/tester.schemas';
import type { Result } from '../../services/http';
import type { SubUnsubResult, TesterNotified, TesterSearchHit } from '../../services/tester.api';

/** An action running on one phone. */
export interface TesterAction {
  udid: string;
  action: 'toggle' | 'notify';
}

export interface TestersContext {
  /** The testers, by name (spec §3 "Tester": name, phone, zipcode, last update, udid). */
  testers: Tester[];
  /** What is typed in the search; the server is only asked from 2 characters (spec §5). */
  search: string;
  hits: TesterSearchHit[];
  /** Message key of the last failed list load, null when none. */
  errorKey: string | null;
  pending: TesterAction | null;
}

export type TestersEvent =
  | { type: 'search.change'; text: string }
  | { type: 'testers.reload' }
  /** Adds the phone as a tester, or removes it when it is one (subUnsub). */
  | { type: 'tester.toggle'; udid: string }
  /** Sends the standard test notification to a tester's phone. */
  | { type: 'tester.notify'; udid: string };

export type TestersOutcome = Result<Tester[]>;
export type HitsOutcome = Result<TesterSearchHit[]>;
export type ToggleOutcome = Result<SubUnsubResult>;
export type NotifyOutcome = Result<TesterNotified>;
export type { SubUnsubResult, TesterSearchHit };
