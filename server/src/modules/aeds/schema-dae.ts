import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { isValidSiren } from '../../../../contract/aed.schemas';
import { projectFile } from '../../project-files';

/**
 * The national AED schema, schema-dae 1.0.7 (a copy of shared/reference's file), and a validator of
 * the rows of a GeoDAE declaration against it. The schema is a frictionless Table Schema: each cell
 * is cast by its field's type (number, boolean with its true/false words, date, string; an empty
 * cell is a missing value), then the typed row is checked with ajv against a JSON Schema built from
 * the fields' constraints (required, minimum/maximum, enum, pattern, formats email, uri and date).
 * `unique` columns and the schema's custom checks (SIREN and SIRET numbers) are checked beside ajv.
 */

interface TableField {
  name: string;
  type: 'string' | 'number' | 'boolean' | 'date';
  format?: string;
  trueValues?: string[];
  falseValues?: string[];
  constraints?: { required?: boolean; unique?: boolean; pattern?: string; enum?: string[]; minimum?: number; maximum?: number };
}

interface TableSchema {
  version: string;
  fields: TableField[];
  custom_checks?: { name: string; params: { column: string } }[];
}

export const schemaDae = JSON.parse(readFileSync(projectFile('server/src/modules/aeds/schema-dae-1.0.7.schema.json'), 'utf8')) as TableSchema;

/** The declaration's columns, in the schema's order. */
export const schemaDaeColumnNames = schemaDae.fields.map((field) => field.name);

/** The columns the schema requires. */
export const schemaDaeRequired = schemaDae.fields.filter((field) => field.constraints?.required).map((field) => field.name);

/** A column's pattern, for checks the database makes (the readiness of an AED). */
export function schemaDaePattern(column: string): string {
  const pattern = schemaDae.fields.find((field) => field.name === column)?.constraints?.pattern;
  if (!pattern) throw new Error(`schema-dae: ${column} has no pattern`);
  return pattern;
}

/** One failed check of a row: the column and what ajv (or the custom check) says. */
export interface SchemaDaeProblem {
  column: string;
  message: string;
}

const number = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A cell cast by its field's type; text the type cannot read stays text, and ajv's type check names it. */
function cast(field: TableField, cell: string): unknown {
  if (field.type === 'number') return number.test(cell) ? Number(cell) : cell;
  if (field.type === 'boolean') {
    if ((field.trueValues ?? ['true']).includes(cell)) return true;
    if ((field.falseValues ?? ['false']).includes(cell)) return false;
  }
  return cell;
}

function propertyOf(field: TableField): Record<string, unknown> {
  const c = field.constraints ?? {};
  if (field.type === 'number') return { type: 'number', ...(c.minimum !== undefined ? { minimum: c.minimum } : {}), ...(c.maximum !== undefined ? { maximum: c.maximum } : {}) };
  if (field.type === 'boolean') return { type: 'boolean' };
  if (field.type === 'date') return { type: 'string', format: 'date' };
  return { type: 'string', ...(c.enum ? { enum: c.enum } : {}), ...(c.pattern ? { pattern: c.pattern } : {}), ...(field.format === 'email' || field.format === 'uri' ? { format: field.format } : {}) };
}

const jsonSchema = {
  type: 'object',
  properties: Object.fromEntries(schemaDae.fields.map((field) => [field.name, propertyOf(field)])),
  required: schemaDaeRequired,
  additionalProperties: false,
};

// ajv compiles patterns with the `u` flag, as the schema's \d and literals need nothing more.
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv, ['date', 'email', 'uri']);
const validateTyped = ajv.compile(jsonSchema);

/** A SIRET: 14 digits, Luhn-checked (La Poste's establishments sum their digits to a multiple of 5). */
function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith('356000000')) return [...value].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  const sum = [...value].reverse().reduce((total, char, index) => {
    const digit = Number(char) * (index % 2 === 1 ? 2 : 1);
    return total + (digit > 9 ? digit - 9 : digit);
  }, 0);
  return sum % 10 === 0;
}

const customChecks: Record<string, (value: string) => boolean> = { 'french-siren-value': isValidSiren, 'french-siret-value': isValidSiret };

const columnOf = (error: ErrorObject) => (error.keyword === 'required' ? String(error.params.missingProperty) : error.instancePath.slice(1) || String(error.params.additionalProperty ?? ''));

/**
 * A validator of one declaration, row after row: the header must be the schema's columns in order;
 * each row's cells are checked as above, and unique columns across the rows seen so far.
 */
export function schemaDaeValidator() {
  const seen = new Map(schemaDae.fields.filter((field) => field.constraints?.unique).map((field) => [field.name, new Set<string>()]));
  return {
    header(cells: readonly string[]): SchemaDaeProblem[] {
      if (cells.length === schemaDaeColumnNames.length && cells.every((cell, index) => cell === schemaDaeColumnNames[index])) return [];
      return [{ column: '', message: `header must be ${schemaDaeColumnNames.join(',')}` }];
    },
    row(cells: Readonly<Record<string, string>>): SchemaDaeProblem[] {
      const typed: Record<string, unknown> = {};
      for (const [name, cell] of Object.entries(cells)) {
        if (cell === '') continue;
        const field = schemaDae.fields.find((candidate) => candidate.name === name);
        typed[name] = field ? cast(field, cell) : cell;
      }
      const problems: SchemaDaeProblem[] = validateTyped(typed) ? [] : (validateTyped.errors ?? []).map((error) => ({ column: columnOf(error), message: error.message ?? error.keyword }));
      for (const check of schemaDae.custom_checks ?? []) {
        const value = cells[check.params.column];
        if (value && customChecks[check.name] && !customChecks[check.name](value)) problems.push({ column: check.params.column, message: check.name });
      }
      for (const [name, values] of seen) {
        const value = cells[name];
        if (!value) continue;
        if (values.has(value)) problems.push({ column: name, message: 'unique' });
        values.add(value);
      }
      return problems;
    },
  };
}
