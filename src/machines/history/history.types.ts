import type { AccountSummary } from '../../../contract/auth.schemas';
import type { Chronology, HistoryPage, HistoryTag } from '../../../contract/history.schemas';
import type { Result } from '../../services/http';

/** The filters of the history (spec §3 "Alert history filter"); '' / null / false mean "not set". */
export interface HistoryFilter {
  /** YYYY-MM-DD, Europe/Paris; '' leaves the server's default (four months back). */
  startDate: string;
  endDate: string;
  address: string;
  alertType: number | null;
  withTest: boolean;
  withCitizenResponderOnly: boolean;
  tag: HistoryTag | null;
  selectedSite: number | null;
  order: 'asc' | 'desc';
}

export type FilterKey = keyof HistoryFilter;

export interface HistoryInput {
  /** Interface language, sent as `lang`. */
  lang: string;
  /** Filters to start from (a link from the dashboard's call actions brings a tag). */
  initialFilter?: Partial<HistoryFilter>;
}

export interface HistoryContext {
  lang: string;
  /** The accounts the site filter offers (the user's account and its descendants). */
  sites: AccountSummary[];
  filter: HistoryFilter;
  /** Zero-based; the server is sent page + 1 (spec §7, §9). */
  page: number;
  limit: number;
  list: HistoryPage['list'];
  count: number;
  /** The last load failed with this key; the list shown is the previous one. */
  loadError: string | null;
  /** The calendar range breaks a rule of spec §5: nothing is loaded until it is fixed. */
  rangeError: string | null;
  /** The alert whose chronology modal is open (spec §3 openModal). */
  openModal: number | null;
  chronology: Chronology | null;
  chronologyError: string | null;
  exportError: string | null;
}

export type HistoryEvent =
  /** Filters set together (a calendar range, a select): the page goes back to 0. */
  | { type: 'filter.change'; changes: Partial<HistoryFilter> }
  /** Typing in the address search: loaded once the typing pauses. */
  | { type: 'filter.type'; address: string }
  /** Deleting a filter blanks that key (spec §4). */
  | { type: 'filter.delete'; key: FilterKey }
  | { type: 'page.change'; page: number }
  | { type: 'limit.change'; limit: number }
  | { type: 'order.toggle' }
  | { type: 'history.refresh' }
  | { type: 'chronology.open'; alertId: number }
  | { type: 'chronology.close' }
  | { type: 'chronology.retry' }
  | { type: 'export.start' };

export type PageOutcome = Result<HistoryPage>;
export type SitesOutcome = Result<AccountSummary[]>;
export type ChronologyOutcome = Result<Chronology>;
/** The export's answer: the file was handed to the browser. */
export type ExportOutcome = Result<{ saved: true }>;

/** What the list call needs. */
export interface PageRequest {
  filter: HistoryFilter;
  page: number;
  limit: number;
  lang: string;
}
