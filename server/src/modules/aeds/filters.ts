import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { aedAdvancedTags, aedTagFields, type AedFilterEntry } from '../../../../contract/aed-list.schemas';
import { addDays, confirmationBounds } from '../../../../contract/aed-vigilance';
import { errorKeys } from '../../../../contract/errors';
import { aeds } from '../../db/schema/aeds';
import { badRequest } from '../../errors';
import { geoDaeReadySql } from './geodae-readiness';
import { aedSettings, today } from './settings';

/** Lower-case, accent-free text as search_text holds it (the trigger uses unaccent; NFD does the same for Latin text). */
export function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
const contains = (text: string) => `%${likeEscape(normalise(text))}%`;

const tagColumns = {
  name: aeds.name,
  address: aeds.address,
  city: aeds.city,
  zipCode: aeds.zipCode,
  udid: sql`${aeds.udid}::text`,
  serialNumber: aeds.serialNumber,
  brand: aeds.brand,
  model: aeds.model,
  idAed: aeds.idAed,
  externalSourceId: aeds.externalSourceId,
  cabinetId: aeds.cabinetId,
  idGeocoeur: aeds.idGeocoeur,
} as const;

const invalid = (entry: AedFilterEntry) => badRequest(errorKeys.validation, [{ field: 'filter', message: `${entry.type}:${entry.tag}` }]);

function asList(value: AedFilterEntry['value']): string[] {
  if (value === null || value === undefined) return [];
  return (Array.isArray(value) ? value : String(value).split(',')).map((item) => String(item).trim()).filter(Boolean);
}

function asBoolean(entry: AedFilterEntry): boolean {
  const value = entry.value;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  throw invalid(entry);
}

/** The LIKE patterns of a free-text search: every word must appear in the AED's search text. */
function wordPatterns(value: string): string[] {
  return normalise(value)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `%${likeEscape(word)}%`);
}

/** The search text (alias `s` of aed_search) holds every pattern. */
export function searchTextMatches(patterns: string[]): SQL {
  return sql.join(
    patterns.map((pattern) => sql`s.search_text LIKE ${pattern}`),
    sql` AND `,
  );
}

/** AEDs whose search text holds every pattern, read from aed_search and its trigram index. */
function searchCondition(patterns: string[]): SQL | undefined {
  if (patterns.length === 0) return undefined;
  return sql`${aeds.id} IN (SELECT s.aed_id FROM aed_search s WHERE ${searchTextMatches(patterns)})`;
}

function vigilanceCondition(entry: AedFilterEntry): SQL {
  const day = today();
  const soon = addDays(day, aedSettings.AED_VIGILANCE_DAYS);
  const child = (test: SQL) => sql`(${aeds.hasChildPads} AND ${test})`;
  switch (entry.value) {
    case 'battery':
      return sql`${aeds.batteryExpiration} <= ${soon}`;
    case 'pads':
      return sql`${aeds.padsExpiration} <= ${soon}`;
    case 'childPads':
      return child(sql`${aeds.childPadsExpiration} <= ${soon}`);
    case 'expired':
      return sql`(${aeds.batteryExpiration} < ${day} OR ${aeds.padsExpiration} < ${day} OR ${child(sql`${aeds.childPadsExpiration} < ${day}`)})`;
    case 'soon': {
      const within = (column: SQL | AnyPgColumn) => sql`(${column} >= ${day} AND ${column} <= ${soon})`;
      return sql`(${within(aeds.batteryExpiration)} OR ${within(aeds.padsExpiration)} OR ${child(within(aeds.childPadsExpiration))})`;
    }
    case 'alert':
      return sql`(${aeds.batteryExpiration} <= ${soon} OR ${aeds.padsExpiration} <= ${soon} OR ${child(sql`${aeds.childPadsExpiration} <= ${soon}`)})`;
    default:
      throw invalid(entry);
  }
}

function confirmationCondition(band: string, entry: AedFilterEntry): SQL {
  if (band === 'never') return sql`${aeds.lastConfirmationDate} IS NULL`;
  const bounds = confirmationBounds(today())[band as keyof ReturnType<typeof confirmationBounds>];
  if (!bounds) throw invalid(entry);
  const parts: SQL[] = [];
  // Bands are computed on the Europe/Paris day of the confirmation.
  const confirmedDay = sql`(${aeds.lastConfirmationDate} AT TIME ZONE 'Europe/Paris')::date`;
  if (bounds.after) parts.push(sql`${confirmedDay} > ${bounds.after}::date`);
  if (bounds.notAfter) parts.push(sql`${confirmedDay} <= ${bounds.notAfter}::date`);
  return and(...parts)!;
}

function advancedCondition(entry: AedFilterEntry): SQL | undefined {
  const tag = entry.tag as keyof typeof aedAdvancedTags;
  const values = asList(entry.value);
  switch (tag) {
    case 'status':
      return values.length ? inArray(aeds.status, values) : undefined;
    case 'certified':
      return sql`${aeds.certified} = ${asBoolean(entry)}`;
    case 'validated':
      return sql`${aeds.validated} = ${asBoolean(entry)}`;
    case 'positionToCheck':
      return sql`${aeds.positionToCheck} = ${asBoolean(entry)}`;
    case 'alwaysOpened':
      return sql`${aeds.alwaysOpened} = ${asBoolean(entry)}`;
    case 'itinerant':
      return sql`${aeds.itinerant} = ${asBoolean(entry)}`;
    case 'hasChildPads':
      return sql`${aeds.hasChildPads} = ${asBoolean(entry)}`;
    case 'isLinked':
      return sql`${aeds.isLinked} = ${asBoolean(entry)}`;
    case 'unlink.geodae':
      return sql`NOT ${aeds.isLinked}`;
    case 'confirmation':
      return values.length ? sql`(${sql.join(values.map((band) => confirmationCondition(band, entry)), sql` OR `)})` : undefined;
    case 'vigilance':
      return vigilanceCondition(entry);
    case 'brand':
      return values.length ? inArray(aeds.brand, values) : undefined;
    case 'model':
      return values.length ? inArray(aeds.model, values) : undefined;
    case 'source':
      return values.length ? inArray(aeds.source, values) : undefined;
    case 'country':
      return values.length ? inArray(aeds.country, values.map((value) => value.toUpperCase())) : undefined;
    case 'accessibility':
      return values.length ? inArray(aeds.accessibility, values.map(Number)) : undefined;
    case 'position':
      return values.length ? inArray(aeds.position, values.map(Number)) : undefined;
    case 'city':
      return values.length ? and(searchCondition([contains(values[0])]), sql`lower(vigil_unaccent(${aeds.city})) LIKE ${contains(values[0])}`) : undefined;
    case 'zipCode':
      return values.length ? sql`${aeds.zipCode} LIKE ${`${likeEscape(values[0])}%`}` : undefined;
    case 'hasReports':
      return sql`${asBoolean(entry) ? sql`` : sql`NOT`} EXISTS (SELECT 1 FROM aed_reports r WHERE r.aed_id = "aeds"."id" AND r.status <> 'resolved')`;
    case 'geoDaeReady':
      return asBoolean(entry) ? geoDaeReadySql : sql`NOT ${geoDaeReadySql}`;
    case 'createdFrom':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(String(entry.value))) throw invalid(entry);
      return sql`${aeds.createdAt} >= ${String(entry.value)}::date`;
    case 'createdTo':
      if (!/^\d{4}-\d{2}-\d{2}$/.test(String(entry.value))) throw invalid(entry);
      return sql`${aeds.createdAt} < (${String(entry.value)}::date + 1)`;
    default:
      throw invalid(entry);
  }
}

/** Whether the filters narrow the AEDs beyond the account scope (then pre-aggregated counts cannot answer). */
export function hasNarrowingFilter(filter: AedFilterEntry[]): boolean {
  return filter.some((entry) => {
    if (entry.type === 'ALL' || entry.type === 'TAG') return String(entry.value ?? '').trim() !== '';
    return !(entry.tag === 'status' && asList(entry.value).length === 0);
  });
}

/**
 * The brands asked for when a brand filter is the only one narrowing the AEDs beyond the account
 * scope (then the per-brand map cells answer counts and coarse maps), null otherwise.
 */
export function brandOnlyFilter(filter: AedFilterEntry[]): string[] | null {
  const brands: string[] = [];
  for (const entry of filter) {
    if (entry.type === 'ADVANCED' && entry.tag === 'brand') {
      const values = asList(entry.value);
      if (values.length === 0) continue;
      if (brands.length > 0) return null;
      brands.push(...values);
    } else if (hasNarrowingFilter([entry])) return null;
  }
  return brands.length ? brands : null;
}

/**
 * The patterns of the free-text searches when they are the only filters narrowing the AEDs (then
 * the list counts read aed_search alone), null otherwise. Deleted AEDs are hidden then.
 */
export function freeTextOnlyFilter(filter: AedFilterEntry[]): string[] | null {
  const patterns: string[] = [];
  for (const entry of filter) {
    if (entry.type === 'ALL') patterns.push(...wordPatterns(String(entry.value ?? '')));
    else if (hasNarrowingFilter([entry])) return null;
  }
  return patterns.length ? patterns : null;
}

/**
 * The WHERE of a list, map or export: the account scope, the filters, and deleted AEDs hidden
 * unless a status filter asks for them.
 */
export function aedConditions(siteIds: number[], filter: AedFilterEntry[]): SQL {
  const conditions: (SQL | undefined)[] = [siteIds.length === 1 ? sql`${aeds.idSite} = ${siteIds[0]}` : inArray(aeds.idSite, siteIds)];
  const statusFilter = filter.find((entry) => entry.type === 'ADVANCED' && entry.tag === 'status' && asList(entry.value).length > 0);
  if (!statusFilter) conditions.push(isNull(aeds.deletedAt));
  for (const entry of filter) {
    if (entry.type === 'ALL') {
      conditions.push(searchCondition(wordPatterns(String(entry.value ?? ''))));
    } else if (entry.type === 'TAG') {
      const text = String(entry.value ?? '').trim();
      if (!text) continue;
      if (!(aedTagFields as readonly string[]).includes(entry.tag)) throw invalid(entry);
      const column = tagColumns[entry.tag as keyof typeof tagColumns];
      conditions.push(searchCondition([contains(text)]), sql`lower(vigil_unaccent(${column})) LIKE ${contains(text)}`);
    } else {
      conditions.push(advancedCondition(entry));
    }
  }
  return and(...conditions.filter((condition): condition is SQL => condition !== undefined))!;
}
