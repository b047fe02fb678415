import type { FastifyBaseLogger } from 'fastify';
import type { AedListBody } from '../../../../contract/aed-list.schemas';
import type { Database } from '../../db/database';
import { createAnnouncedCache } from '../../plugins/announced-cache';
import type { KeptAnswers } from '../../plugins/kept-answers';
import { today } from './settings';
import type { SiteInfo } from './tenancy';

/**
 * List answers kept in memory: the same first page is asked by every screen that opens the
 * register, and reading it (50 full AEDs with their open reports and the counts) costs far more
 * than sending it. Kept as bytes, plain and gzipped, it is not even written or encoded again.
 * Every change to what a list shows (AEDs, their reports, the cells and search copy the counts
 * read) is announced on `vigil_aeds` by statement triggers (migration 0032), a change to the accounts
 * on `vigil_accounts` (0033), and any staff call that may write forgets them in its own instance before
 * answering (forgetOnWrites).
 */
export function createAedPages(database: Database, log: FastifyBaseLogger): KeptAnswers {
  return createAnnouncedCache(database, log, { channels: ['vigil_aeds', 'vigil_accounts'], maxAgeMs: 30_000, maxEntries: 500 });
}

/** What a list answer depends on besides the register: the accounts it covers, the request and the day (vigilance). */
export function pageKey(sites: readonly SiteInfo[], body: AedListBody): string {
  return `${today()}|${sites.map((site) => `${site.id}:${site.kind}`).join(',')}|${JSON.stringify(body)}`;
}
