import { z } from 'zod';
import { importRunStates } from './charts/import-run.chart';
import { importFieldIds } from './import.fields';

/** Request and response schemas of the AED import calls (spec §7 "Import"), under /services/backoffice/aedImport/. */

/** Limits of an uploaded file; the SPA checks the size before sending. */
export const importLimits = {
  /** Bytes of the uploaded file, whatever its format. */
  maxFileBytes: 64 * 1024 * 1024,
  /** Bytes a workbook (XLSX, ODS) may inflate to, all its parts together. */
  maxUncompressedBytes: 160 * 1024 * 1024,
  /** Data rows of one file. */
  maxRows: 200_000,
  maxColumns: 200,
  /** Longest parse allowed, milliseconds. */
  parseTimeoutMs: 120_000,
  /** Data rows returned as a preview by importFile. */
  previewRows: 10,
} as const;

/** A header cell: its address in the sheet ("B2") and its text. */
export const headerCell = z.object({ cellAddress: z.string(), value: z.string() });
export type HeaderCell = z.infer<typeof headerCell>;

/** One column of the mapping (a "row state" of spec §3): header cell, AED field or null (ignored), primary key flag. */
export const fieldMapEntry = z.object({
  /** The header cell address, as importFile returned it. */
  key: z.string().min(1).max(12),
  /** The header text, for display. */
  column: z.string().max(500),
  field: z.enum(importFieldIds as [string, ...string[]]).nullable(),
  primaryKey: z.boolean(),
});
export type FieldMapEntry = z.infer<typeof fieldMapEntry>;
export const fieldMapConfig = z.array(fieldMapEntry).min(1).max(importLimits.maxColumns);
export type FieldMapConfig = z.infer<typeof fieldMapConfig>;

/** Presets recognised from the header. */
export const importPresetIds = ['osm', 'geodae', 'schemaDae', 'openDataSoft', 'vigilExport', 'generic', 'saved'] as const;
export type ImportPresetId = (typeof importPresetIds)[number];

export const importPreset = z.object({
  id: z.enum(importPresetIds),
  /** Share of the header columns the preset recognised, 0..1. */
  score: z.number(),
  fieldMapConfig,
  /** A preset saved by the account (id `saved`): its id and name. */
  savedId: z.number().int().optional(),
  name: z.string().optional(),
});
export type ImportPreset = z.infer<typeof importPreset>;

/** Reasons a field is proposed from a column's values (i18n keys `import.reason.<reason>`). */
export const proposalReasons = ['latLon', 'latitude', 'longitude', 'phone', 'email', 'date', 'expiry', 'postcode', 'openingHours', 'osmHours', 'alwaysOpen'] as const;

/** A field proposed for a column the preset did not recognise, from the values of its first rows. */
export const fieldProposal = z.object({
  /** Header cell address. */
  key: z.string(),
  field: z.enum(importFieldIds as [string, ...string[]]),
  reason: z.enum(proposalReasons),
});
export type FieldProposal = z.infer<typeof fieldProposal>;

/** A mapping saved by an account under a name, proposed again when a file with the same header comes. */
export const savedPreset = z.object({
  id: z.number().int(),
  idSite: z.number().int(),
  name: z.string(),
  /** The header it was saved from, as written. */
  columns: z.array(z.string()),
  fieldMapConfig,
  createdAt: z.string(),
});
export type SavedPreset = z.infer<typeof savedPreset>;

export const savePresetBody = z.object({
  idSite: z.coerce.number().int().positive(),
  name: z.string().trim().min(1).max(120),
  /** The mapping to keep, over the header of the run it was made for. */
  idImport: z.coerce.number().int().positive(),
  fieldMapConfig,
});

export const presetListQuery = z.object({ idSite: z.coerce.number().int().positive().optional() });
export const presetParams = z.object({ id: z.coerce.number().int().positive() });

/** What Vigil does for new AEDs of a file that says nothing of their hours. */
export const hoursDefaults = ['alwaysOpen', 'unknown'] as const;
export type HoursDefault = (typeof hoursDefaults)[number];

/** Choices of a run besides its mapping. */
export const runOptions = z.object({
  /** New AEDs whose row gives no hours: always open, or closed with "hours to check". */
  hoursDefault: z.enum(hoursDefaults).nullable().default(null),
});
export type RunOptions = z.infer<typeof runOptions>;

export const previewRow = z.object({ row: z.number().int(), cells: z.array(z.string()) });

/** Answer of POST importFile. */
export const importFileResult = z.object({
  /** Handle of the stored file, to give to createImport. */
  fileName: z.string(),
  originalName: z.string(),
  format: z.enum(['csv', 'xlsx', 'xls', 'ods', 'geojson', 'overpass']),
  /** CSV only: the detected encoding and delimiter. */
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  header: z.array(headerCell),
  numRows: z.number().int(),
  preview: z.array(previewRow),
  /** The best recognised preset, or null when the header matches none. */
  preset: importPreset.nullable(),
  /** Fields proposed from the values of the columns the preset did not recognise. */
  proposals: z.array(fieldProposal),
  /** Checks of the file's shape: `import.file.warning.<key>` (columns without names…). */
  warnings: z.array(z.string()),
});
export type ImportFileResult = z.infer<typeof importFileResult>;

export const createImportBody = z.object({
  idSite: z.coerce.number().int().positive(),
  name: z.string().trim().min(1).max(200),
  fileName: z.string().min(1).max(64),
});

export const mappingsBody = z.object({
  idImport: z.coerce.number().int().positive(),
  fieldMapConfig,
  /** Default hours of new AEDs whose row gives none (asked when no hours column is mapped). */
  hoursDefault: z.enum(hoursDefaults).nullable().optional(),
});

export const idImportBody = z.object({ idImport: z.coerce.number().int().positive() });
export const idImportParams = z.object({ idImport: z.coerce.number().int().positive() });

export const processByRowBody = z.object({
  idImport: z.coerce.number().int().positive(),
  /** The row number in the sheet, as the rows list gives it. */
  row: z.coerce.number().int().positive(),
  /** Accept a potential duplicate. */
  forced: z.boolean().default(false),
});

export const exportAedBody = z.object({
  idImport: z.coerce.number().int().positive(),
  /** Row numbers to export; absent or empty: every row. */
  rows: z.array(z.coerce.number().int().positive()).max(importLimits.maxRows).optional(),
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  lang: z.string().max(10).optional(),
});

export const rowStatuses = ['pending', 'inserted', 'updated', 'unchanged', 'deleted', 'duplicate', 'failed'] as const;
export type RowStatus = (typeof rowStatuses)[number];

export const importCounts = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deleted: z.number().int(),
  duplicate: z.number().int(),
  failed: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCounts>;

/** A run as every import call answers it: enough to rebuild the three steps after a reload. */
export const importRun = z.object({
  idImport: z.number().int(),
  idSite: z.number().int(),
  name: z.string(),
  fileName: z.string(),
  originalName: z.string(),
  format: z.string(),
  state: z.enum(importRunStates),
  header: z.array(headerCell),
  numRows: z.number().int(),
  fieldMapConfig: fieldMapConfig.nullable(),
  preset: importPreset.nullable(),
  proposals: z.array(fieldProposal),
  options: runOptions,
  /** The first data rows (getImport, createImport): sample values of each column on the mapping step. */
  preview: z.array(previewRow).optional(),
  /** Rows processed so far by the whole-file job, and the rows to process. */
  processed: z.number().int(),
  total: z.number().int(),
  counts: importCounts,
  /** Rows processed by the last whole-file run (spec "records") and its duration in ms. */
  records: z.number().int(),
  duration: z.number().int().nullable(),
  /** Why the job failed, when state is failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportRun = z.infer<typeof importRun>;

/** One row of the file with its result. */
export const importRowResult = z.object({
  row: z.number().int(),
  cells: z.array(z.string()),
  status: z.enum(rowStatuses),
  /** Message keys: the first says why a row failed or needs a force; others are warnings. */
  messages: z.array(z.string()),
  /** Context of the first message: the column of an invalid value, the udid of a potential duplicate… */
  details: z.record(z.string(), z.unknown()).nullable(),
  /** The AED the row inserted, updated or deleted. */
  udid: z.string().nullable(),
});
export type ImportRowResult = z.infer<typeof importRowResult>;

export const rowsQuery = z.object({
  idImport: z.coerce.number().int().positive(),
  status: z.enum(rowStatuses).optional(),
  /** 1-based page (spec §9: zero-based page plus 1). */
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

export const importListQuery = z.object({ idSite: z.coerce.number().int().positive().optional() });

/** Payload of the REFRESH_IMPORT real-time event. */
export interface ImportProgress {
  idImport: number;
  state: string;
  processed: number;
  total: number;
  counts: ImportCounts;
}
