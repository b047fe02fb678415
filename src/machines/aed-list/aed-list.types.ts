import type { AccountWithAedCount, AedFilterEntry, AedListItem, AedListResponse, AedMapData, AedOrderField } from '../../../contract/aed-list.schemas';
import type { AccountSummary } from '../../../contract/auth.schemas';
import type { Result } from '../../services/http';

/** The two views of the AED list (spec §2: default list). */
export type AedView = 'list' | 'map';

/** A filter entry (spec §3 "filter entries {tag, value, type}"): ALL, TAG or ADVANCED. */
export type FilterEntry = AedFilterEntry;

/** Account ids as the list state keeps them: text, with '0' the default (every account) and '-1' the temporary one. */
export type AccountId = string;

export const defaultAccountId: AccountId = '0';
export const temporaryAccountId: AccountId = '-1';
/** Tag of the account whose users may swap in the accounts it manages. */
export { defaultAdminTag } from '../../../contract/auth.schemas';

/** One account of the selector with its counts. */
export interface AccountEntry {
  id: AccountId;
  name: string;
  kind: 'internal' | 'publicApp' | 'external' | string;
  tag: string | null;
  parentId: AccountId | null;
  /** Matching AEDs owned by the account itself. */
  count: number;
  /** count plus its descendants' (spec §4: a parent's totalLevel is its own count plus its children's). */
  totalLevel: number;
  child: AccountId[];
}

/** Spec §3 "accounts" of the AED list state. */
export interface AccountsState {
  /** A filter with tag unlink.geodae exists (AEDs not linked to GeoDAE). */
  geoDAE: boolean;
  byId: Record<AccountId, AccountEntry>;
  allIds: { internal: AccountId[]; publicApp: AccountId[]; externalAccount: AccountId[] };
  idSelected: AccountId;
  withChild: boolean;
  /** The public-app and external counts could not be refreshed with the last load. */
  isPublicError: boolean;
  isExternalError: boolean;
  accountLoading: boolean;
  /** Accounts a DEFAULT_ADMIN account manages, loaded on demand, and whether they are swapped in. */
  adminManage: { allIds: AccountId[]; isAdminInsert: boolean };
  /** The internal accounts before the admin-managed ones were swapped in, to swap back. */
  ownInternal: AccountId[];
}

/** The map viewport the map view asks for. */
export interface Viewport {
  bbox: { north: number; south: number; east: number; west: number };
  zoom: number;
}

export interface AedListContext {
  lang: string;
  aeds: { total: number; list: AedListItem[]; aedLoading: boolean };
  accounts: AccountsState;
  view: AedView;
  filter: FilterEntry[];
  /** Zero-based current page. */
  pages: number;
  limit: number;
  entriesStart: number;
  entriesEnd: number;
  order: AedOrderField;
  orderSort: 'asc' | 'desc';
  viewport: Viewport | null;
  map: AedMapData | null;
  /** The filter or account changed since the map last fitted: the next map call asks for the extent. */
  fitPending: boolean;
  /** The extent the map fits once per new `key` (the bounds of every AED of the filter). */
  mapFit: { extent: NonNullable<AedMapData['extent']>; key: number } | null;
  /** Message key of the last failure (list, map, accounts, delete, export), null when none. */
  errorKey: string | null;
  /** The AED being soft-deleted. */
  deleting: string | null;
  /** The DEFAULT_ADMIN account chosen while its managed accounts load. */
  pendingAccount: AccountId | null;
}

export interface AedListInput {
  lang: string;
  /** The view to open on (default list). */
  view?: AedView;
  /** Filters to start with (say, from the page address). */
  filter?: FilterEntry[];
}

export type AedListEvent =
  | { type: 'view.change'; view: AedView }
  | { type: 'account.select'; id: AccountId; withChild: boolean }
  /** The asynchronous account select: for a DEFAULT_ADMIN account it swaps in the accounts it manages. */
  | { type: 'account.selectAsync'; id: AccountId }
  | { type: 'account.addTemporary'; name: string }
  | { type: 'account.deleteTemporary' }
  | { type: 'page.change'; page: number }
  | { type: 'limit.change'; limit: number }
  | { type: 'order.change'; order: AedOrderField; orderSort: 'asc' | 'desc' }
  /** Adds or replaces filter entries; an entry with an empty value removes its slot. */
  | { type: 'filter.add'; entries: FilterEntry[] }
  | { type: 'filter.remove'; entry: Pick<FilterEntry, 'type' | 'tag'> }
  | { type: 'filter.clear' }
  | { type: 'map.viewport'; viewport: Viewport }
  | { type: 'aed.delete'; udid: string }
  /** Downloads the list's scope: the Excel file (default), the GeoDAE declaration (ready AEDs unless allAeds) or OpenStreetMap GeoJSON. */
  | { type: 'list.export'; format?: ExportFormat; allAeds?: boolean }
  | { type: 'list.reload' }
  | { type: 'accounts.retry' };

export type AccountsOutcome = Result<AccountWithAedCount[]>;
export type ManagedAccountsOutcome = Result<Array<AccountSummary & { label: string; value: number }>>;
export type ListOutcome = Result<AedListResponse>;
export type MapOutcome = Result<AedMapData>;
export type DeleteOutcome = Result<{ udid: string; idSite: number }>;
/** The files the list exports. */
export type ExportFormat = 'xlsx' | 'geoDae' | 'osm';
/** A file saved; a GeoDAE declaration of every AED also says how many were not ready. */
export type ExportOutcome = Result<Blob | { file: Blob; notReady: number }>;

/** What an export sends: the list's query and the file asked for. */
export interface ExportQuery extends ListQuery {
  format: ExportFormat;
  allAeds: boolean;
}

/** What a list or export call sends, from the context. */
export interface ListQuery {
  filter: FilterEntry[];
  idSelected: AccountId;
  withChild: boolean;
  order: AedOrderField;
  orderSort: 'asc' | 'desc';
  limit: number;
  /** Zero-based; the actor sends page + 1. */
  page: number;
  lang: string;
}

export interface MapQuery {
  filter: FilterEntry[];
  idSelected: AccountId;
  withChild: boolean;
  viewport: Viewport;
  lang: string;
  /** Ask for the extent of every matching AED as well. */
  fit: boolean;
}
