import type { SnapshotFrom } from 'xstate';
import { defaultAdminTag, temporaryAccountId, type AccountEntry, type AccountId } from './aed-list.types';
import type { aedListMachine } from './aed-list.machine';
import { rootIds } from './aed-list.rules';

export type AedListSnapshot = SnapshotFrom<typeof aedListMachine>;

/** What the data area shows (the `snapshotToState` of the Expensify split). */
export type AedListPhase = 'loadingAccounts' | 'accountsFailed' | 'loading' | 'ready' | 'failed';

export function phaseOf(snapshot: AedListSnapshot): AedListPhase {
  if (snapshot.matches('loadingAccounts')) return 'loadingAccounts';
  if (snapshot.matches('accountsFailed')) return 'accountsFailed';
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.matches({ showing: { data: { list: 'failed' } } }) || snapshot.matches({ showing: { data: { map: 'failed' } } })) return 'failed';
  return 'ready';
}

export const viewOf = (snapshot: AedListSnapshot) => snapshot.context.view;
export const aedsOf = (snapshot: AedListSnapshot) => snapshot.context.aeds.list;
export const totalOf = (snapshot: AedListSnapshot) => snapshot.context.aeds.total;
export const isAedLoading = (snapshot: AedListSnapshot) => snapshot.context.aeds.aedLoading;
export const filterOf = (snapshot: AedListSnapshot) => snapshot.context.filter;
export const isGeoDaeOf = (snapshot: AedListSnapshot) => snapshot.context.accounts.geoDAE;
export const pageOf = (snapshot: AedListSnapshot) => snapshot.context.pages;
export const limitOf = (snapshot: AedListSnapshot) => snapshot.context.limit;
export const orderOf = (snapshot: AedListSnapshot) => ({ order: snapshot.context.order, orderSort: snapshot.context.orderSort });
export const entriesOf = (snapshot: AedListSnapshot) => ({ start: snapshot.context.entriesStart, end: snapshot.context.entriesEnd, total: snapshot.context.aeds.total });
export const mapOf = (snapshot: AedListSnapshot) => snapshot.context.map;
/** The extent the map fits, once per key: every AED of the filter or account just chosen. */
export const mapFitOf = (snapshot: AedListSnapshot) => snapshot.context.mapFit;
export const errorKeyOf = (snapshot: AedListSnapshot) => snapshot.context.errorKey;
export const isExporting = (snapshot: AedListSnapshot) => snapshot.hasTag('exporting');
export const isDeleting = (snapshot: AedListSnapshot) => snapshot.hasTag('busy');
export const deletingOf = (snapshot: AedListSnapshot) => snapshot.context.deleting;
export const canDelete = (snapshot: AedListSnapshot, udid: string) => snapshot.can({ type: 'aed.delete', udid });
export const canExport = (snapshot: AedListSnapshot) => snapshot.can({ type: 'list.export' });

export const selectedAccountOf = (snapshot: AedListSnapshot) => snapshot.context.accounts.idSelected;
export const withChildOf = (snapshot: AedListSnapshot) => snapshot.context.accounts.withChild;
export const accountsFlagsOf = (snapshot: AedListSnapshot) => ({
  isPublicError: snapshot.context.accounts.isPublicError,
  isExternalError: snapshot.context.accounts.isExternalError,
  accountLoading: snapshot.context.accounts.accountLoading,
  isAdminInsert: snapshot.context.accounts.adminManage.isAdminInsert,
});

/** One group of the account selector. */
export interface AccountGroup {
  key: 'internal' | 'publicApp' | 'externalAccount';
  accounts: Array<AccountEntry & { depth: number }>;
}

/** Accounts of a group in tree order, each with its depth under its group's roots. */
function inTreeOrder(byId: Record<AccountId, AccountEntry>, ids: AccountId[]): Array<AccountEntry & { depth: number }> {
  const wanted = new Set(ids);
  const ordered: Array<AccountEntry & { depth: number }> = [];
  const visit = (id: AccountId, depth: number) => {
    const entry = byId[id];
    if (!entry || !wanted.has(id) || ordered.some((other) => other.id === id)) return;
    ordered.push({ ...entry, depth });
    entry.child.forEach((child) => visit(child, depth + 1));
  };
  ids.filter((id) => !byId[id]?.parentId || !wanted.has(byId[id]!.parentId!)).forEach((id) => visit(id, 0));
  ids.forEach((id) => visit(id, 0));
  return ordered;
}

/** The selector's groups: internal, public app and external accounts, each in tree order. */
export function accountGroupsOf(snapshot: AedListSnapshot): AccountGroup[] {
  const { byId, allIds } = snapshot.context.accounts;
  return (['internal', 'publicApp', 'externalAccount'] as const).map((key) => ({ key, accounts: inTreeOrder(byId, allIds[key]) })).filter((group) => group.accounts.length > 0);
}

/** Every AED the caller sees (the '0' entry): the roots' totalLevel. */
export function allAccountsCountOf(snapshot: AedListSnapshot): number {
  const accounts = snapshot.context.accounts;
  return rootIds(accounts).reduce((sum, id) => sum + (accounts.byId[id]?.totalLevel ?? 0), 0);
}

export const temporaryAccountOf = (snapshot: AedListSnapshot) => snapshot.context.accounts.byId[temporaryAccountId] ?? null;

/** The DEFAULT_ADMIN account of the tree, whose managed accounts the asynchronous select can swap in. */
export function defaultAdminAccountOf(snapshot: AedListSnapshot): AccountEntry | null {
  return Object.values(snapshot.context.accounts.byId).find((entry) => entry.tag === defaultAdminTag) ?? null;
}

export const accountNameOf = (snapshot: AedListSnapshot, idSite: number) => snapshot.context.accounts.byId[String(idSite)]?.name ?? null;
