import { sql, type SQL } from 'drizzle-orm';
import { schemaDaePattern, schemaDaeRequired } from './schema-dae';

/**
 * Whether an AED is ready for GeoDAE: every mandatory column of schema-dae 1.0.7 can be written
 * from it with a value the schema accepts. Computed by the database, so that the list shows it on
 * each row and filters on it (advanced tag `geoDaeReady`), and the declaration exports only ready
 * AEDs, with the one definition below. The SQL reads the row of `aeds` in scope.
 */

/** An operator's or site's phone as E.164 ("+33473000000"): the calling code, then the national number without its leading 0. */
const e164 = sql.raw(`'+' || ltrim(c.phone_code, '+') || regexp_replace(regexp_replace(c.phone, '[^0-9]', '', 'g'), '^0', '')`);

/** A value of the AED's operator: its first contact of type operator. */
const operator = (value: SQL) => sql`(SELECT ${value} FROM aed_contacts c WHERE c.aed_id = aeds.id AND c.contact_type = 'operator' ORDER BY c.id LIMIT 1)`;

/**
 * The declaration's cells read from the AED's contacts: the site's phone and e-mail (a site contact's,
 * the operator's phone when no site contact has one) and the operator's company, SIREN, phone and e-mail.
 */
export const geoDaeContactCells = {
  tel1: sql`(SELECT ${e164} FROM aed_contacts c WHERE c.aed_id = aeds.id AND c.contact_type IN ('siteContact', 'operator') AND coalesce(c.phone, '') <> '' ORDER BY c.contact_type = 'siteContact' DESC, c.id LIMIT 1)`,
  site_email: sql`(SELECT c.email FROM aed_contacts c WHERE c.aed_id = aeds.id AND c.contact_type = 'siteContact' AND coalesce(c.email, '') <> '' ORDER BY c.id LIMIT 1)`,
  expt_siren: operator(sql`c.siren`),
  expt_rais: operator(sql`c.last_name`),
  expt_tel1: operator(sql`CASE WHEN coalesce(c.phone, '') <> '' THEN ${e164} END`),
  expt_email: operator(sql`c.email`),
} as const;

const blank = (value: SQL) => sql`coalesce(btrim(${value}), '') = ''`;
const unmatched = (value: SQL, column: string) => sql`coalesce(${value}, '') !~ ${schemaDaePattern(column)}`;

/**
 * For each mandatory column, the condition under which the AED cannot fill it. The days and hours
 * (disp_j, disp_h) and the functioning state (etat_fonct) are always written ("non renseigné" when
 * the AED has no hours); a position placed at its commune's centre by an import is not declared.
 */
const missingWhen: Record<string, SQL | null> = {
  nom: blank(sql`aeds.name`),
  lat_coor1: sql`aeds.position_to_check`,
  long_coor1: sql`aeds.position_to_check`,
  acc: sql`coalesce(aeds.position, 0) NOT IN (1, 2)`,
  acc_lib: sql`coalesce(aeds.accessibility, 0) NOT IN (1, 2)`,
  disp_j: null,
  disp_h: null,
  tel1: unmatched(geoDaeContactCells.tel1, 'tel1'),
  etat_fonct: null,
  fab_rais: blank(sql`aeds.brand`),
  modele: blank(sql`aeds.model`),
  num_serie: blank(sql`aeds.serial_number`),
  dermnt: sql`aeds.maintenance_last_date IS NULL`,
  expt_siren: sql`coalesce(${geoDaeContactCells.expt_siren}, '') !~ '^[0-9]{9}$'`,
  expt_rais: blank(geoDaeContactCells.expt_rais),
  expt_tel1: unmatched(geoDaeContactCells.expt_tel1, 'expt_tel1'),
  expt_email: blank(geoDaeContactCells.expt_email),
};

for (const column of schemaDaeRequired) if (!(column in missingWhen)) throw new Error(`geodae-readiness: no rule for the mandatory column ${column}`);

const rules = Object.entries(missingWhen).filter((entry): entry is [string, SQL] => entry[1] !== null);

/** The mandatory columns the AED lacks, as a text array (empty when ready). */
export const geoDaeMissingSql = sql`array_remove(ARRAY[${sql.join(
  rules.map(([column, when]) => sql`CASE WHEN ${when} THEN ${sql.raw(`'${column}'`)} END`),
  sql`, `,
)}]::text[], NULL)`;

/** The AED lacks none of the mandatory columns. */
export const geoDaeReadySql = sql`NOT (${sql.join(
  rules.map(([, when]) => sql`(${when})`),
  sql` OR `,
)})`;
