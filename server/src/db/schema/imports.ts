import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { FieldMapConfig, FieldProposal, HeaderCell, ImportCounts, ImportPreset, RunOptions } from '../../../../contract/import.schemas';
import { accounts, users } from './accounts';

/**
 * An uploaded file, parsed: its header and a row per data line in import_rows. Stored in the
 * database so that whichever instance runs the job reads the same rows. `id` is the fileName
 * handle createImport receives.
 */
export const importFiles = pgTable(
  'import_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idSite: integer('id_site')
      .notNull()
      .references(() => accounts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    format: varchar('format', { length: 8 }).notNull(),
    encoding: varchar('encoding', { length: 20 }),
    delimiter: varchar('delimiter', { length: 4 }),
    header: jsonb('header').$type<HeaderCell[]>().notNull(),
    numRows: integer('num_rows').notNull().default(0),
    preset: jsonb('preset').$type<ImportPreset | null>(),
    /** Fields proposed from the values of the columns the preset left out. */
    proposals: jsonb('proposals').$type<FieldProposal[]>().notNull().default([]),
    /** Shape checks of the file (`import.file.warning.<key>`). */
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    /** Rows are written while the worker parses; the file is usable once this is set. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_files_created_idx').on(t.createdAt)],
);

/**
 * One data row of a file (`row` is its line in the sheet) and, once processed, its result:
 * status null while pending, message keys, details and the AED it touched.
 */
export const importRows = pgTable(
  'import_rows',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => importFiles.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    status: varchar('status', { length: 12 }),
    messages: jsonb('messages').$type<string[]>().notNull().default([]),
    details: jsonb('details').$type<Record<string, unknown> | null>(),
    aedUdid: uuid('aed_udid'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.row] }), index('import_rows_status_idx').on(t.fileId, t.status)],
);

/**
 * An import run (spec §3 "Import record"): state follows contract/charts/import-run.chart.ts.
 * cursor is the last row the whole-file job has finished; the lease says which instance runs the
 * job and until when, so a restart or another instance takes over a run nobody holds.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    idSite: integer('id_site')
      .notNull()
      .references(() => accounts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 200 }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => importFiles.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 12 }).notNull().default('uploaded'),
    fieldMapConfig: jsonb('field_map_config').$type<FieldMapConfig | null>(),
    /** Choices of the run besides the mapping (default hours of new AEDs). */
    options: jsonb('options').$type<RunOptions>().notNull().default({ hoursDefault: null }),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    counts: jsonb('counts').$type<ImportCounts>().notNull(),
    cursor: integer('cursor').notNull().default(0),
    leaseOwner: varchar('lease_owner', { length: 64 }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Batches in a row that failed; the run is marked failed after a few. */
    failures: integer('failures').notNull().default(0),
    /** Milliseconds spent processing in the whole-file run, summed over its slices. */
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('imports_file_idx').on(t.fileId), index('imports_site_idx').on(t.idSite, t.createdAt), index('imports_state_idx').on(t.state)],
);

/**
 * A mapping an account saved under a name. `signature` is the header normalised (presets.ts
 * headerName, joined with |): a file with the same header gets the mapping proposed again.
 */
export const importPresets = pgTable(
  'import_presets',
  {
    id: serial('id').primaryKey(),
    idSite: integer('id_site')
      .notNull()
      .references(() => accounts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 120 }).notNull(),
    signature: text('signature').notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    /** Entries in header order; keys are the header cell addresses of the file it was saved from. */
    fieldMapConfig: jsonb('field_map_config').$type<FieldMapConfig>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_presets_name_idx').on(t.idSite, t.name), index('import_presets_signature_idx').on(t.idSite, t.signature)],
);
