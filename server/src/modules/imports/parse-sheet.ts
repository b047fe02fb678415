import * as XLSX from 'xlsx';
import type { HeaderCell } from '../../../../contract/import.schemas';
import { cleanCell } from './parse-csv';

/** A sheet as the import reads it: the header and the data rows with their line in the sheet. */
export interface SheetTable {
  header: HeaderCell[];
  rows: { row: number; cells: string[] }[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The text of a cell: numbers in full precision, dates as ISO (YYYY-MM-DD, HH:mm for a time). */
export function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  switch (cell.t) {
    case 'n': {
      const value = cell.v as number;
      if (cell.z && XLSX.SSF.is_date(cell.z)) return serialDateText(value);
      return Number.isFinite(value) ? String(value) : '';
    }
    case 'd': {
      const date = cell.v as Date;
      return isoOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
    }
    case 'b':
      return cell.v ? 'true' : 'false';
    case 'e':
    case 'z':
      return '';
    default:
      return cleanCell(String(cell.v));
  }
}

function serialDateText(serial: number): string {
  const parts = XLSX.SSF.parse_date_code(serial);
  if (!parts) return String(serial);
  if (serial < 1 && serial >= 0) return `${pad(parts.H)}:${pad(parts.M)}`;
  return isoOf(parts.y, parts.m, parts.d, parts.H, parts.M, parts.S);
}

function isoOf(y: number, m: number, d: number, hh: number, mm: number, ss: number): string {
  if (y <= 1900 && m === 12 && d >= 30) return `${pad(hh)}:${pad(mm)}`;
  const day = `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
  return hh || mm || ss ? `${day}T${pad(hh)}:${pad(mm)}:${pad(ss)}` : day;
}

/** Reads a workbook (XLSX, XLS, ODS) buffer; `sheetRows` bounds the rows SheetJS keeps. */
export function readWorkbook(buffer: Buffer, sheetRows: number): XLSX.WorkBook {
  return XLSX.read(buffer, {
    type: 'buffer',
    dense: true,
    cellDates: false,
    cellNF: true,
    cellHTML: false,
    cellFormula: false,
    cellStyles: false,
    sheetRows,
  });
}

/** The first sheet holding any value (hidden sheets last). */
export function firstUsedSheet(workbook: XLSX.WorkBook): XLSX.WorkSheet | undefined {
  const hidden = new Set((workbook.Workbook?.Sheets ?? []).filter((sheet) => sheet.Hidden).map((sheet) => sheet.name));
  const names = [...workbook.SheetNames.filter((name) => !hidden.has(name)), ...workbook.SheetNames.filter((name) => hidden.has(name))];
  for (const name of names) {
    const sheet = workbook.Sheets[name];
    const data = (sheet?.['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
    if (data.some((row) => row?.some((cell) => cellText(cell) !== ''))) return sheet;
  }
  return undefined;
}

/**
 * Turns a worksheet into a table. Real files are untidy, so: merged cells give their value to
 * every cell they cover; a title row above the table (one value across the width) is skipped; a
 * header on two rows (group titles merged across columns over sub-titles) gives each column its
 * sub-title, or the group title where there is none; empty rows are skipped.
 */
export function sheetTable(sheet: XLSX.WorkSheet, maxColumns: number): SheetTable | 'tooManyColumns' {
  const data = ((sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[]).map((row) => (row ?? []).map((cell) => cellText(cell)));
  const merges = sheet['!merges'] ?? [];
  const mergedFrom = new Map<string, { r: number; c: number }>();
  for (const range of merges) {
    const value = data[range.s.r]?.[range.s.c] ?? '';
    for (let r = range.s.r; r <= range.e.r; r += 1) {
      for (let c = range.s.c; c <= range.e.c; c += 1) {
        if (r === range.s.r && c === range.s.c) continue;
        (data[r] ??= [])[c] = value;
        mergedFrom.set(`${r}:${c}`, range.s);
      }
    }
  }
  const nonEmpty = (r: number) => (data[r] ?? []).filter((value) => value !== '').length;
  const distinct = (r: number) => new Set((data[r] ?? []).filter((value) => value !== '')).size;

  let headerRow = data.findIndex((_row, r) => nonEmpty(r) > 0);
  if (headerRow < 0) return { header: [], rows: [] };
  // Skip title rows: one distinct value (often merged across the table) above a wider row.
  for (;;) {
    const next = nextNonEmpty(data, headerRow + 1);
    if (next < 0 || distinct(headerRow) !== 1 || nonEmpty(next) < 2) break;
    headerRow = next;
  }
  // Two-row header: group titles merged across columns on this row, sub-titles on the next.
  const groupMerges = merges.filter((range) => range.s.r === headerRow && range.e.r === headerRow && range.e.c > range.s.c);
  let subRow = -1;
  if (groupMerges.length > 0 && nonEmpty(headerRow + 1) > 0) {
    const under = (data[headerRow + 1] ?? []).filter((value) => value !== '');
    if (under.every((value) => !/^-?\d+(?:[.,]\d+)?$/.test(value))) subRow = headerRow + 1;
  }
  const lastHeaderRow = subRow >= 0 ? subRow : headerRow;

  let width = 0;
  for (let r = headerRow; r < data.length; r += 1) {
    const row = data[r] ?? [];
    for (let c = row.length - 1; c >= width; c -= 1) {
      if (row[c] !== undefined && row[c] !== '') {
        width = c + 1;
        break;
      }
    }
  }
  if (width > maxColumns) return 'tooManyColumns';

  const header: HeaderCell[] = [];
  const seen = new Map<string, number>();
  for (let c = 0; c < width; c += 1) {
    const top = data[headerRow]?.[c] ?? '';
    const sub = subRow >= 0 ? (data[subRow]?.[c] ?? '') : '';
    // A sub-title cell that only repeats a vertically merged title is no sub-title.
    const subIsOwn = sub !== '' && !(mergedFrom.get(`${subRow}:${c}`)?.r === headerRow);
    let value = subIsOwn ? sub : top;
    // Columns under one merged title (with no sub-title) would share a name: number them.
    if (value !== '') {
      const n = (seen.get(value) ?? 0) + 1;
      seen.set(value, n);
      if (n > 1) value = `${value} (${n})`;
    }
    header.push({ cellAddress: XLSX.utils.encode_cell({ r: lastHeaderRow, c }), value });
  }

  const rows: SheetTable['rows'] = [];
  for (let r = lastHeaderRow + 1; r < data.length; r += 1) {
    if (nonEmpty(r) === 0) continue;
    const cells = Array.from({ length: width }, (_unused, c) => data[r]?.[c] ?? '');
    rows.push({ row: r + 1, cells });
  }
  return { header, rows };
}

function nextNonEmpty(data: (string[] | undefined)[], from: number): number {
  for (let r = from; r < data.length; r += 1) if ((data[r] ?? []).some((value) => value !== '')) return r;
  return -1;
}
