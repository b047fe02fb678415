import { aedErrorKeys } from '../../../../contract/aed.errors';
import { importFields } from '../../../../contract/import.fields';
import { importRowMessages } from '../../../../contract/import.errors';
import type { HoursDefault, RowStatus } from '../../../../contract/import.schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Geocoder } from '../../adapters/geocoding/geocoder';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import * as register from '../aeds/face';
import * as writer from './aed-writer';
import { BatchDuplicates } from './batch-duplicates';
import { planRow, type AedValues, type CompiledMapping, type ContactValues, type RowPlan } from './mapping';
import { saveRowResults } from './repo';

/** What processing decided for one row; stored on the row, counted on the run. */
export interface RowOutcome {
  row: number;
  status: Exclude<RowStatus, 'pending'>;
  messages: string[];
  details: Record<string, unknown> | null;
  udid: string | null;
}

export interface BatchContext {
  db: Db;
  geocoder: Geocoder;
  idSite: number;
  fileId: string;
  mapping: CompiledMapping;
  /** Country of the account: the default of rows without one. */
  country: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** New AEDs wait for a catch-up of their cells and search copy (whole-file runs, aeds/upkeep.ts). */
  deferUpkeep?: boolean;
  /** The run's hours for new AEDs whose row gives none. */
  hoursDefault?: HoursDefault | null;
}

/** Rows whose potential duplicate is accepted (processByRow with forced). */
export interface BatchOptions {
  forced?: ReadonlySet<number>;
  /** Runs inside the batch transaction after the rows are written (progress of the run). */
  afterWrite?: (tx: Db, outcomes: RowOutcome[]) => Promise<void>;
}

type Action =
  | { kind: 'insert'; plan: RowPlan; values: NewValues; contact?: ContactValues }
  | { kind: 'update'; plan: RowPlan; existing: register.AedRow; changes: Partial<AedValues>; status?: RowPlan['status']; contact?: { values: ContactValues; id?: number } }
  | { kind: 'delete'; plan: RowPlan; existing: register.AedRow };

type NewValues = Partial<AedValues> & { name: string; lat: number; lon: number };

/** Geocoding calls in flight at once for one batch. */
const geocodeConcurrency = 4;
const geocodeTimeoutMs = 8000;

/**
 * Processes a batch of file rows: reads each through the mapping, finds the AEDs by primary key,
 * locates rows without coordinates, finds potential duplicates for the whole batch in one query,
 * then writes everything in one transaction. If the batch's writes fail together they are redone
 * row by row, each under its own savepoint, so a row that fails changes nothing and the others
 * still go in. A row whose key and content match its AED changes nothing (idempotent re-runs).
 */
export async function processBatch(bc: BatchContext, rows: FileRow[], options: BatchOptions = {}): Promise<RowOutcome[]> {
  return processPlans(bc, planBatch(bc, rows), options);
}

export interface FileRow {
  row: number;
  cells: string[];
}

/** Reads rows through the mapping: no database, so a run can plan the next batch while this one writes. */
export function planBatch(bc: Pick<BatchContext, 'mapping' | 'country'>, rows: FileRow[]): RowPlan[] {
  return rows.map((row) => planRow(bc.mapping, row.row, row.cells, bc.country));
}

/** processBatch for rows already read through the mapping. */
export async function processPlans(bc: BatchContext, plans: RowPlan[], options: BatchOptions = {}): Promise<RowOutcome[]> {
  const outcomes = new Map<number, RowOutcome>();
  const fail = (plan: RowPlan, key: string, details: Record<string, unknown> | null = null) =>
    outcomes.set(plan.row, { row: plan.row, status: 'failed', messages: [key, ...plan.warnings.filter((warning) => warning !== key)], details, udid: null });
  for (const plan of plans) if (plan.error) fail(plan, plan.error.key, plan.error.details ?? null);

  const keyed = plans.filter((plan) => !outcomes.has(plan.row) && plan.key !== '');
  const found = await writer.findByKeys(
    bc.db,
    bc.idSite,
    bc.mapping.keyField,
    keyed.map((plan) => plan.key),
  );
  const insertsWhenMissing = (importFields[bc.mapping.keyField] as { key?: { insertsWhenMissing: boolean } }).key?.insertsWhenMissing ?? true;

  const inserts: RowPlan[] = [];
  const actions: Action[] = [];
  const updates: { plan: RowPlan; existing: register.AedRow }[] = [];
  for (const plan of plans) {
    if (outcomes.has(plan.row)) continue;
    const matches = plan.key === '' ? [] : (found.get(bc.mapping.keyField === 'l_udid' ? plan.key.toLowerCase() : plan.key) ?? []);
    const live = matches.filter((aed) => !aed.deletedAt);
    if (live.length > 1) {
      fail(plan, importRowMessages.ambiguousKey, { udids: live.map((aed) => aed.udid) });
    } else if (plan.toDelete) {
      if (live.length === 1) actions.push({ kind: 'delete', plan, existing: live[0] });
      else if (matches.length > 0) outcomes.set(plan.row, done(plan, 'unchanged', matches[0].udid));
      else fail(plan, importRowMessages.aedNotFound, plan.key ? { key: plan.key } : null);
    } else if (live.length === 1) {
      updates.push({ plan, existing: live[0] });
    } else if (plan.key !== '' && !insertsWhenMissing) {
      fail(plan, importRowMessages.aedNotFound, { key: plan.key });
    } else if (!plan.values.name) {
      fail(plan, importRowMessages.nameRequired);
    } else {
      inserts.push(plan);
    }
  }

  await locate(bc, inserts.filter((plan) => plan.values.lat === undefined), options.forced ?? new Set(), fail);
  const located = inserts.filter((plan) => !outcomes.has(plan.row));
  for (const plan of located) applyHoursDefault(plan, bc.hoursDefault ?? null);
  await checkDuplicates(bc, located, options.forced ?? new Set(), outcomes, fail);
  for (const plan of located) {
    if (outcomes.has(plan.row)) continue;
    actions.push({ kind: 'insert', plan, values: plan.values as NewValues, contact: plan.contact });
  }

  const contacts = await register.contactsOf(
    bc.db,
    updates.filter((update) => update.plan.contact).map((update) => update.existing.id),
  );
  for (const { plan, existing } of updates) {
    const action = updateAction(plan, existing, contacts.get(existing.id) ?? []);
    if (typeof action === 'string') fail(plan, importRowMessages.invalidValue, { column: 'd_status', value: action });
    else if (!action) outcomes.set(plan.row, done(plan, 'unchanged', existing.udid));
    else actions.push(action);
  }

  await write(bc, actions, outcomes, options.afterWrite);
  return plans.map((plan) => outcomes.get(plan.row)!);
}

function done(plan: RowPlan, status: RowOutcome['status'], udid: string | null): RowOutcome {
  return { row: plan.row, status, messages: [...plan.warnings], details: null, udid };
}

/** A new AED whose row says nothing of its hours: the run's default, else closed as the register's default. */
function applyHoursDefault(plan: RowPlan, hoursDefault: HoursDefault | null): void {
  if (plan.hoursNote) plan.values.privateComment ??= plan.hoursNote;
  if (plan.hoursGiven || hoursDefault === null) return;
  if (hoursDefault === 'alwaysOpen') {
    plan.values.alwaysOpened = true;
    plan.values.openingHours = {};
  } else {
    plan.warnings.push(importRowMessages.hoursToCheck);
  }
}

/**
 * Finds coordinates for rows that have none, from their address. An address the geocoder only
 * places at its commune fails with commune-only (the precision and place found in the details):
 * responders would be sent to the town centre. Forced, it goes in there, flagged "position to check".
 */
async function locate(
  bc: BatchContext,
  plans: RowPlan[],
  forced: ReadonlySet<number>,
  fail: (plan: RowPlan, key: string, details?: Record<string, unknown> | null) => void,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < plans.length) {
      const plan = plans[next];
      next += 1;
      const { street, city, zipCode, country } = plan.address;
      if (!street || (!city && !zipCode)) {
        fail(plan, importRowMessages.incompleteAddress, { missing: !street ? 'address' : 'city' });
        continue;
      }
      let results;
      try {
        results = await bc.geocoder.search({ address: street, city, zipCode, countryCode: country, limit: 1 }, AbortSignal.timeout(geocodeTimeoutMs));
      } catch (error) {
        fail(plan, importRowMessages.addressRetrievalImpossible, { reason: (error as Error).message?.slice(0, 200) ?? 'geocoder' });
        continue;
      }
      const best = results[0];
      if (!best) {
        fail(plan, importRowMessages.unknownAddress);
        continue;
      }
      // A commune-level answer would put the AED at the town centre: responders would be sent there.
      if (best.precision === 'municipality') {
        if (!forced.has(plan.row)) {
          fail(plan, importRowMessages.communeOnly, { precision: best.precision, city: best.city, zipCode: best.zipCode || null, address: street });
          continue;
        }
        plan.values.positionToCheck = true;
        plan.warnings.push(importRowMessages.positionToCheck);
      }
      plan.values.lat = best.lat;
      plan.values.lon = best.lon;
      plan.values.city ??= best.city || undefined;
      plan.values.zipCode ??= best.zipCode || undefined;
    }
  };
  await Promise.all(Array.from({ length: Math.min(geocodeConcurrency, plans.length) }, worker));
}

/** Marks rows that look like an AED already in the account, or like an earlier row of the batch. */
async function checkDuplicates(
  bc: BatchContext,
  plans: RowPlan[],
  forced: ReadonlySet<number>,
  outcomes: Map<number, RowOutcome>,
  fail: (plan: RowPlan, key: string, details?: Record<string, unknown> | null) => void,
): Promise<void> {
  const probes = plans.map((plan, index) => ({
    index,
    lat: plan.values.lat!,
    lon: plan.values.lon!,
    name: plan.values.name!,
    serialNumber: plan.values.serialNumber,
    brand: plan.values.brand,
  }));
  const inDatabase = await register.findDuplicates(bc.db, bc.idSite, probes);
  const inBatch = new BatchDuplicates();
  for (const probe of probes) {
    const plan = plans[probe.index];
    const hits = inDatabase.get(probe.index) ?? [];
    const earlier = inBatch.find(probe);
    const sameDevice = hits.some((hit) => hit.sameDevice) || Boolean(earlier?.sameDevice);
    const isForced = forced.has(plan.row);
    if (isForced && sameDevice) {
      // Forcing accepts a potential duplicate, never a device the register already holds.
      fail(plan, aedErrorKeys.alreadyExists, { udid: hits.find((hit) => hit.sameDevice)?.udid ?? null, row: earlier ? plans[earlier.index].row : null });
      continue;
    }
    if (!isForced && (hits.length > 0 || earlier || plan.duplicateFlag)) {
      outcomes.set(plan.row, {
        row: plan.row,
        status: 'duplicate',
        messages: [importRowMessages.potentialDuplicate, ...plan.warnings],
        details: {
          duplicates: hits.slice(0, 5),
          ...(earlier ? { row: plans[earlier.index].row, distance: earlier.distance } : {}),
          ...(plan.duplicateFlag ? { nationalDuplicate: true } : {}),
          sameDevice,
        },
        udid: null,
      });
      continue;
    }
    inBatch.add(probe);
  }
}

const same = (a: unknown, b: unknown): boolean => {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  if (a && b && typeof a === 'object' && typeof b === 'object') return canonical(a) === canonical(b);
  return (a ?? null) === (b ?? null);
};

/** The same national number, written with or without its leading 0 and separators ("04 73…" and "473…"). */
const samePhone = (a: string | null | undefined, b: string | null | undefined): boolean => {
  const national = (phone: string | null | undefined) => (phone ?? '').replace(/\D/g, '').replace(/^0/, '');
  return national(a) === national(b);
};

/** JSON with sorted keys, for comparing opening hours. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, inner]) => !(Array.isArray(inner) && inner.length === 0));
    return `{${entries.sort(([a], [b]) => a.localeCompare(b)).map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What an update changes: only the columns whose value differs. undefined when nothing does; the
 * status asked when the availability chart refuses it.
 */
function updateAction(plan: RowPlan, existing: register.AedRow, contacts: register.ContactRow[]): Action | string | undefined {
  const changes: Partial<AedValues> = {};
  // Hours text the week cannot hold joins the private comment once (a re-run changes nothing).
  if (plan.hoursNote && plan.values.privateComment === undefined && !(existing.privateComment ?? '').includes(plan.hoursNote)) {
    changes.privateComment = existing.privateComment ? `${existing.privateComment}\n${plan.hoursNote}` : plan.hoursNote;
  }
  for (const [column, value] of Object.entries(plan.values) as [keyof AedValues, unknown][]) {
    // The id Vigil wrote for the AED itself (`vigil/<udid>`) is no source of it: not stored.
    if (column === 'externalSourceId' && value === register.vigilExternalId(existing.udid)) continue;
    if (!same(value, (existing as Record<string, unknown>)[column])) (changes as Record<string, unknown>)[column] = value;
  }
  if (existing.positionToCheck && (changes.lat !== undefined || changes.lon !== undefined)) changes.positionToCheck = false;
  let status: RowPlan['status'];
  if (plan.status && plan.status !== existing.status) {
    try {
      register.availabilityUpdate(existing, { status: plan.status, reason: plan.status === 'unavailable' ? 'temporarilyUnavailable' : undefined });
      status = plan.status;
    } catch (error) {
      if (error instanceof AppError) return plan.status;
      throw error;
    }
  }
  let contact: { values: ContactValues; id?: number } | undefined;
  if (plan.contact) {
    const wanted = plan.contact;
    // Only what the row gives is compared and written over a stored contact: an absent cell asks for no change.
    const given = plan.contactGiven ?? (Object.keys(wanted) as (keyof ContactValues)[]);
    const identical = contacts.find((row) => given.every((field) => (field === 'phone' ? samePhone(row.phone, wanted.phone) : same(row[field], wanted[field]))));
    if (!identical) {
      const sameOne = contacts.find((row) => (wanted.email && row.email === wanted.email) || (wanted.phone && samePhone(row.phone, wanted.phone)) || (row.lastName === wanted.lastName && row.firstName === wanted.firstName));
      contact = sameOne ? { values: Object.fromEntries(given.map((field) => [field, wanted[field]])) as unknown as ContactValues, id: sameOne.id } : { values: wanted };
    }
  }
  if (Object.keys(changes).length === 0 && !status && !contact) return undefined;
  return { kind: 'update', plan, existing, changes, status, contact };
}

/** Writes the batch in one transaction; on failure, row by row under savepoints. */
async function write(bc: BatchContext, actions: Action[], outcomes: Map<number, RowOutcome>, afterWrite?: BatchOptions['afterWrite']): Promise<void> {
  await bc.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    if (bc.deferUpkeep) await register.deferUpkeep(db);
    try {
      await db.transaction(async (savepoint) => {
        const batchOutcomes = await writeActions(bc, savepoint as unknown as Db, actions);
        for (const outcome of batchOutcomes) outcomes.set(outcome.row, outcome);
      });
    } catch (error) {
      // One row the database refuses: find it by writing the rows one by one.
      bc.log?.warn({ err: error, rows: actions.length }, 'import batch written row by row');
      for (const action of actions) {
        try {
          await db.transaction(async (savepoint) => {
            const [outcome] = await writeActions(bc, savepoint as unknown as Db, [action]);
            outcomes.set(outcome.row, outcome);
          });
        } catch (error) {
          const reason = error instanceof AppError ? error.key : ((error as { cause?: Error }).cause?.message ?? (error as Error).message ?? 'database');
          outcomes.set(action.plan.row, { row: action.plan.row, status: 'failed', messages: [importRowMessages.writeFailed, ...action.plan.warnings], details: { reason: String(reason).slice(0, 300) }, udid: null });
        }
      }
    }
    const all = [...outcomes.values()];
    await saveRowResults(db, bc.fileId, all);
    if (afterWrite) await afterWrite(db, all);
  });
}

async function writeActions(bc: BatchContext, db: Db, actions: Action[]): Promise<RowOutcome[]> {
  const results: RowOutcome[] = [];
  const inserts = actions.filter((action): action is Extract<Action, { kind: 'insert' }> => action.kind === 'insert');
  const ids = await writer.insertAeds(
    db,
    inserts.map((action) => ({ idSite: bc.idSite, country: bc.country, values: action.values, status: action.plan.status })),
  );
  await register.insertContacts(
    db,
    inserts.flatMap((action, index) => (action.contact ? [{ aedId: ids[index].id, contact: action.contact }] : [])),
  );
  inserts.forEach((action, index) => results.push(done(action.plan, 'inserted', ids[index].udid)));
  // Updates and deletes in a few statements: rows naming the same AED go in successive waves, so
  // each sees the one before, as if written one after the other in file order.
  const waves: Exclude<Action, { kind: 'insert' }>[][] = [];
  const seen = new Map<number, number>();
  for (const action of actions) {
    if (action.kind === 'insert') continue;
    const wave = seen.get(action.existing.id) ?? 0;
    seen.set(action.existing.id, wave + 1);
    (waves[wave] ??= []).push(action);
  }
  for (const wave of waves) {
    const patches: register.AedPatch[] = [];
    const contactWrites: { aedId: number; contact: ContactValues; existingId?: number }[] = [];
    for (const action of wave) {
      if (action.kind === 'update') {
        if (Object.keys(action.changes).length > 0 || action.status) patches.push(writer.updatePatch(action.existing, action.changes, action.status));
        if (action.contact) contactWrites.push({ aedId: action.existing.id, contact: action.contact.values, existingId: action.contact.id });
      } else {
        patches.push(writer.deletePatch(action.existing));
      }
    }
    await register.patchAeds(db, patches);
    await register.writeContacts(db, contactWrites);
  }
  for (const action of actions) {
    if (action.kind === 'update') results.push(done(action.plan, 'updated', action.existing.udid));
    else if (action.kind === 'delete') results.push(done(action.plan, 'deleted', action.existing.udid));
  }
  return results;
}
