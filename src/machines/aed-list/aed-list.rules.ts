import type { AccountWithAedCount, AedCount, AedListItem } from '../../../contract/aed-list.schemas';
import { defaultAccountId, temporaryAccountId, type AccountEntry, type AccountId, type AccountsState, type FilterEntry } from './aed-list.types';

/**
 * The rules of spec §4 "AED list" as pure functions of the list state, so the machine's actions
 * stay one line each and the journeys can check each rule on its own.
 */

/** The tag of the filter that keeps AEDs not linked to GeoDAE (the geoDAE flag). */
export const unlinkGeoDaeTag = 'unlink.geodae';

const typeRank = { ALL: 0, TAG: 1, ADVANCED: 2 } as const;

/** An entry without a value clears its slot instead of filling it. */
export function isEmptyFilterValue(value: FilterEntry['value']): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** Same slot: ALL and TAG have one slot per type; ADVANCED entries have one slot per tag. */
function sameSlot(a: Pick<FilterEntry, 'type' | 'tag'>, b: Pick<FilterEntry, 'type' | 'tag'>): boolean {
  if (a.type !== b.type) return false;
  return a.type === 'ADVANCED' ? a.tag === b.tag : true;
}

/** Sorted ALL, then TAG, then ADVANCED ordered by tag. */
export function sortFilters(filter: readonly FilterEntry[]): FilterEntry[] {
  return [...filter].sort((a, b) => typeRank[a.type] - typeRank[b.type] || (a.type === 'ADVANCED' ? a.tag.localeCompare(b.tag) : 0));
}

/** Merges new entries into the filter: each replaces the entry of its slot; an empty value removes it. */
export function mergeFilters(current: readonly FilterEntry[], additions: readonly FilterEntry[]): FilterEntry[] {
  let merged = [...current];
  for (const entry of additions) {
    merged = merged.filter((existing) => !sameSlot(existing, entry));
    if (!isEmptyFilterValue(entry.value)) merged.push({ ...entry, tag: entry.tag ?? '' });
  }
  return sortFilters(merged);
}

/** The filter without the entry of that slot. */
export function removeFilter(current: readonly FilterEntry[], entry: Pick<FilterEntry, 'type' | 'tag'>): FilterEntry[] {
  return sortFilters(current.filter((existing) => !sameSlot(existing, entry)));
}

export const hasGeoDaeFilter = (filter: readonly FilterEntry[]) => filter.some((entry) => entry.tag === unlinkGeoDaeTag);

// ---- Accounts ---------------------------------------------------------------------------------

/** A fresh accounts state: nothing loaded, every account selected. */
export function emptyAccounts(): AccountsState {
  return {
    geoDAE: false,
    byId: {},
    allIds: { internal: [], publicApp: [], externalAccount: [] },
    idSelected: defaultAccountId,
    withChild: true,
    isPublicError: false,
    isExternalError: false,
    accountLoading: false,
    adminManage: { allIds: [], isAdminInsert: false },
    ownInternal: [],
  };
}

function entryOf(account: Pick<AccountWithAedCount, 'id' | 'name' | 'kind' | 'tag' | 'parentId' | 'child'> & Partial<Pick<AccountWithAedCount, 'count' | 'totalLevel'>>): AccountEntry {
  return {
    id: String(account.id),
    name: account.name,
    kind: account.kind,
    tag: account.tag,
    parentId: account.parentId === null ? null : String(account.parentId),
    count: account.count ?? 0,
    totalLevel: account.totalLevel ?? account.count ?? 0,
    child: account.child.map(String),
  };
}

/** Splits the account tree into internal, public-app and external accounts. */
function groupIds(entries: readonly AccountEntry[]): AccountsState['allIds'] {
  return {
    internal: entries.filter((entry) => entry.kind !== 'publicApp' && entry.kind !== 'external').map((entry) => entry.id),
    publicApp: entries.filter((entry) => entry.kind === 'publicApp').map((entry) => entry.id),
    externalAccount: entries.filter((entry) => entry.kind === 'external').map((entry) => entry.id),
  };
}

/** The loaded tree (getAccountListWithAEDCount) as the list state keeps it. */
export function accountsFromTree(accounts: AccountsState, tree: readonly AccountWithAedCount[]): AccountsState {
  const entries = tree.map(entryOf);
  const temporary = accounts.byId[temporaryAccountId];
  const byId = Object.fromEntries(entries.map((entry) => [entry.id, entry]));
  if (temporary) byId[temporaryAccountId] = temporary;
  const allIds = groupIds(entries);
  const selectedStillThere = accounts.idSelected === defaultAccountId || accounts.idSelected in byId;
  return { ...accounts, byId, allIds, ownInternal: allIds.internal, accountLoading: false, idSelected: selectedStillThere ? accounts.idSelected : defaultAccountId };
}

/** Root accounts of the tree (no parent among the loaded ones). */
export function rootIds(accounts: AccountsState): AccountId[] {
  return Object.values(accounts.byId)
    .filter((entry) => entry.id !== temporaryAccountId && (entry.parentId === null || !(entry.parentId in accounts.byId)))
    .map((entry) => entry.id);
}

/** The account and, when asked, all its descendants. */
export function subtreeIds(accounts: AccountsState, id: AccountId, withChild: boolean): AccountId[] {
  const found: AccountId[] = [];
  const visit = (current: AccountId) => {
    if (!accounts.byId[current] || found.includes(current)) return;
    found.push(current);
    if (withChild) accounts.byId[current]!.child.forEach(visit);
  };
  visit(id);
  return found;
}

/** Accounts a list answer counts: the selection (with its children when included), or every account for '0' and '-1'. */
export function scopeIds(accounts: AccountsState): AccountId[] {
  if (accounts.idSelected === defaultAccountId || accounts.idSelected === temporaryAccountId) return Object.keys(accounts.byId).filter((id) => id !== temporaryAccountId);
  return subtreeIds(accounts, accounts.idSelected, accounts.withChild);
}

/** Recomputes every totalLevel bottom-up: own count plus the children's totalLevel. */
export function withTotalLevels(byId: Record<AccountId, AccountEntry>): Record<AccountId, AccountEntry> {
  const next: Record<AccountId, AccountEntry> = {};
  const level = (id: AccountId, seen: Set<AccountId>): number => {
    const entry = byId[id];
    if (!entry) return 0;
    if (next[id]) return next[id]!.totalLevel;
    if (seen.has(id)) return entry.count;
    seen.add(id);
    const totalLevel = entry.count + entry.child.reduce((sum, child) => sum + level(child, seen), 0);
    next[id] = { ...entry, totalLevel };
    return totalLevel;
  };
  for (const id of Object.keys(byId)) level(id, new Set());
  return next;
}

/**
 * Counts after a list load (spec §4): internal and public-app accounts take their own count from
 * allCount by site, external accounts from externalCount, and each parent's totalLevel is its own
 * count plus its children's. Only the accounts the answer covers change; the temporary account
 * counts everything the answer matched.
 */
export function recomputeCounts(accounts: AccountsState, count: AedCount): AccountsState {
  const scope = new Set(scopeIds(accounts));
  const bySite = new Map(count.allCount.map((entry) => [String(entry.idSite), entry.count]));
  const externalsInScope = accounts.allIds.externalAccount.filter((id) => scope.has(id));
  const byId: Record<AccountId, AccountEntry> = { ...accounts.byId };
  for (const id of scope) {
    const entry = byId[id];
    if (!entry) continue;
    const external = accounts.allIds.externalAccount.includes(id);
    const own = external && externalsInScope.length === 1 ? count.externalCount : (bySite.get(id) ?? 0);
    byId[id] = { ...entry, count: own };
  }
  const temporary = byId[temporaryAccountId];
  if (temporary) byId[temporaryAccountId] = { ...temporary, count: count.totalCount };
  return { ...accounts, byId: withTotalLevels(byId), isPublicError: false, isExternalError: false };
}

/** The total shown for a selection before its list arrives: own count, or totalLevel with children; every root for '0'. */
export function totalForSelection(accounts: AccountsState, id: AccountId, withChild: boolean): number {
  if (id === defaultAccountId) return rootIds(accounts).reduce((sum, root) => sum + (accounts.byId[root]?.totalLevel ?? 0), 0);
  const entry = accounts.byId[id];
  if (!entry) return 0;
  if (id === temporaryAccountId) return entry.count;
  return withChild ? entry.totalLevel : entry.count;
}

/** Adds the temporary account '-1' (or renames it). */
export function withTemporary(accounts: AccountsState, name: string): AccountsState {
  const entry: AccountEntry = { id: temporaryAccountId, name, kind: 'temporary', tag: null, parentId: null, count: 0, totalLevel: 0, child: [] };
  return { ...accounts, byId: { ...accounts.byId, [temporaryAccountId]: entry } };
}

/** Removes the temporary account; when it was selected, the selection goes back to '0'. */
export function withoutTemporary(accounts: AccountsState): AccountsState {
  const { [temporaryAccountId]: _removed, ...byId } = accounts.byId;
  return { ...accounts, byId, idSelected: accounts.idSelected === temporaryAccountId ? defaultAccountId : accounts.idSelected };
}

/**
 * Swaps the accounts a DEFAULT_ADMIN account manages in as the internal accounts (kept apart in
 * adminManage), adding those the tree did not hold.
 */
export function swapInManaged(accounts: AccountsState, managed: ReadonlyArray<{ id: number; name: string; kind: string; tag: string | null; parentId: number | null }>): AccountsState {
  const byId = { ...accounts.byId };
  for (const account of managed) {
    const id = String(account.id);
    if (!byId[id]) byId[id] = entryOf({ ...account, child: managed.filter((other) => other.parentId === account.id).map((other) => other.id) });
  }
  const managedIds = managed.map((account) => String(account.id));
  const internal = managedIds.filter((id) => byId[id]!.kind !== 'publicApp' && byId[id]!.kind !== 'external');
  return {
    ...accounts,
    byId: withTotalLevels(byId),
    ownInternal: accounts.adminManage.isAdminInsert ? accounts.ownInternal : accounts.allIds.internal,
    allIds: { ...accounts.allIds, internal },
    adminManage: { allIds: managedIds, isAdminInsert: true },
  };
}

/** Puts the account's own internal accounts back after a swap. */
export function swapBack(accounts: AccountsState): AccountsState {
  if (!accounts.adminManage.isAdminInsert) return accounts;
  return { ...accounts, allIds: { ...accounts.allIds, internal: accounts.ownInternal }, adminManage: { ...accounts.adminManage, isAdminInsert: false } };
}

/** One AED fewer in its owning account (and so in the totalLevel of its ancestors). */
export function withoutOneAed(accounts: AccountsState, idSite: number): AccountsState {
  const id = String(idSite);
  const entry = accounts.byId[id];
  if (!entry) return accounts;
  const byId = { ...accounts.byId, [id]: { ...entry, count: Math.max(0, entry.count - 1) } };
  const temporary = byId[temporaryAccountId];
  if (temporary && accounts.idSelected === temporaryAccountId) byId[temporaryAccountId] = { ...temporary, count: Math.max(0, temporary.count - 1) };
  return { ...accounts, byId: withTotalLevels(byId) };
}

// ---- Paging -----------------------------------------------------------------------------------

/** "Showing entriesStart–entriesEnd of total" for a page (1-based positions, 0 when empty). */
export function entriesOf(page: number, limit: number, shown: number): { entriesStart: number; entriesEnd: number } {
  if (shown === 0) return { entriesStart: 0, entriesEnd: 0 };
  return { entriesStart: page * limit + 1, entriesEnd: page * limit + shown };
}

/** The list without one AED, and the item that went (undefined when it was not on the page). */
export function listWithout(list: readonly AedListItem[], udid: string): { list: AedListItem[]; removed: AedListItem | undefined } {
  const removed = list.find((item) => item.udid === udid);
  return { list: list.filter((item) => item.udid !== udid), removed };
}
