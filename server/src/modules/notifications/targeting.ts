import { sql, type SQL } from 'drizzle-orm';
import type { FilterCondition, FilterField } from '../../../../contract/notification.filter';
import type { Targeting } from '../../../../contract/notification.schemas';
import { inScope, type ResponderScope } from '../accounts/face';

/**
 * Compiles a notification's targeting to a SQL condition over `responder_devices d JOIN
 * responders r`. Column names come only from the whitelist below; every value is a parameter.
 */

type ValueKind = 'text' | 'number' | 'boolean' | 'date';

/** The app build of a device as a number, when it is one. */
const deviceBuild = sql`(CASE WHEN d.build_version ~ '^[0-9]{1,9}$' THEN d.build_version::int END)`;

const columns: Record<FilterField, { column: SQL; kind: ValueKind }> = {
  trainedStatus: { column: sql`r.trained_status`, kind: 'text' },
  gender: { column: sql`r.gender`, kind: 'text' },
  language: { column: sql`r.language`, kind: 'text' },
  os: { column: sql`d.os`, kind: 'text' },
  carriesAed: { column: sql`r.carries_aed`, kind: 'boolean' },
  certificated: { column: sql`r.certificated`, kind: 'boolean' },
  age: { column: sql`r.age`, kind: 'number' },
  interventionsCount: { column: sql`r.interventions_count`, kind: 'number' },
  buildVersion: { column: deviceBuild, kind: 'number' },
  registeredAt: { column: sql`r.created_at`, kind: 'date' },
  lastSeenAt: { column: sql`d.last_seen_at`, kind: 'date' },
  skill: { column: sql`r.skill`, kind: 'text' },
  email: { column: sql`r.email`, kind: 'text' },
  phone: { column: sql`regexp_replace(r.phone, '[^0-9+]', '', 'g')`, kind: 'text' },
};

const casts: Record<ValueKind, SQL> = { text: sql`text`, number: sql`int`, boolean: sql`boolean`, date: sql`timestamptz` };

/** A LIKE pattern matching `value` literally. */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** One filter condition as SQL. The condition has been validated by contract/notification.filter.ts. */
export function compileCondition(condition: FilterCondition): SQL {
  const target = columns[condition.field];
  if (!target) throw new Error(`unknown filter field ${String(condition.field)}`);
  const { column, kind } = target;
  const cast = casts[kind];
  const value = condition.field === 'phone' && typeof condition.value === 'string' ? condition.value.replace(/ /g, '') : condition.value;
  switch (condition.operator) {
    case 'eq':
      return sql`${column} = ${value}::${cast}`;
    case 'neq':
      return sql`${column} IS DISTINCT FROM ${value}::${cast}`;
    case 'in':
      return sql`${column} = ANY(${sql.param(value)}::${cast}[])`;
    case 'notIn':
      return sql`(${column} IS NULL OR NOT (${column} = ANY(${sql.param(value)}::${cast}[])))`;
    case 'lt':
      return sql`${column} < ${value}::${cast}`;
    case 'lte':
      return sql`${column} <= ${value}::${cast}`;
    case 'gt':
      return sql`${column} > ${value}::${cast}`;
    case 'gte':
      return sql`${column} >= ${value}::${cast}`;
    case 'contains':
      return sql`${column} ILIKE ${`%${likeLiteral(String(value))}%`}`;
    case 'startsWith':
      return sql`${column} ILIKE ${`${likeLiteral(String(value))}%`}`;
    case 'endsWith':
      return sql`${column} ILIKE ${`%${likeLiteral(String(value))}`}`;
    default:
      throw new Error(`unknown filter operator ${String(condition.operator)}`);
  }
}

const engagement: Record<Targeting['engagementLevel'], SQL | undefined> = {
  all: undefined,
  new: sql`r.interventions_count = 0`,
  occasional: sql`r.interventions_count BETWEEN 1 AND 4`,
  regular: sql`r.interventions_count >= 5`,
};

/**
 * Devices that can receive a push (active, with a token, not a bot) of responders of the
 * targeted site and its sub-accounts, narrowed by the targeting. A single send keeps only the
 * device with the target udid.
 */
export function recipientCondition(targeting: Targeting, siteScope: ResponderScope): SQL {
  const parts: SQL[] = [sql`d.active`, sql`d.push_token IS NOT NULL`, sql`NOT r.is_bot`, inScope(sql`r.id_site`, siteScope)];
  if (targeting.osDevice !== 'all') parts.push(sql`d.os = ${targeting.osDevice}`);
  if (targeting.sendingType === 'single') {
    parts.push(sql`d.udid = ${targeting.udid ?? ''}`);
    return sql.join(parts, sql` AND `);
  }
  if (targeting.accountStatus !== 'all') parts.push(sql`r.account_status = ${targeting.accountStatus}`);
  parts.push(sql`r.language = ${targeting.language}`);
  if (targeting.phonePrefix) parts.push(sql`regexp_replace(r.phone, '[^0-9+]', '', 'g') LIKE ${`${likeLiteral(targeting.phonePrefix)}%`}`);
  const level = engagement[targeting.engagementLevel];
  if (level) parts.push(level);
  if (targeting.buildVersion) parts.push(sql`${deviceBuild} >= ${Number(targeting.buildVersion)}::int`);
  for (const condition of targeting.filter) parts.push(compileCondition(condition));
  return sql.join(parts, sql` AND `);
}

/** The FROM clause the condition is written for. */
export const recipientSource = sql`responder_devices d JOIN responders r ON r.id = d.responder_id`;
