import type { Tester } from '../../contract/tester.schemas';
import { call, type Result } from './http';

/**
 * Tester management calls of spec §7: backOffice/tester/... and backoffice/notification/notifForTester.
 * The search is only asked from 2 characters (the machine decides; the server refuses shorter).
 */

/** A responder's phone found by the tester search. */
export interface TesterSearchHit {
  udid: string;
  responderId: number;
  name: string;
  phone: string;
  email: string;
  os: string;
  buildVersion: string | null;
  isTester: boolean;
}

export interface SubUnsubResult {
  udid: string;
  result: 'added' | 'removed';
  tester: Tester | null;
}

export interface TesterNotified {
  udid: string;
  queued: number;
  status: 'sent' | 'pending';
}

export function getFilterTester(signal?: AbortSignal): Promise<Result<Tester[]>> {
  return call<Tester[]>('/services/backOffice/tester/getFilterTester', { signal });
}

export function searchTesters(filter: string, signal?: AbortSignal): Promise<Result<TesterSearchHit[]>> {
  return call<TesterSearchHit[]>('/services/backOffice/tester/search', { query: { filter }, signal });
}

/** Adds the phone as a tester, or removes it when it already is one. */
export function subUnsub(udid: string, signal?: AbortSignal): Promise<Result<SubUnsubResult>> {
  return call<SubUnsubResult>('/services/backOffice/tester/subUnsub', { method: 'POST', body: { udid }, signal });
}

/** The standard test message to a tester's phone. */
export function notifForTester(udid: string, signal?: AbortSignal): Promise<Result<TesterNotified>> {
  return call<TesterNotified>('/services/backoffice/notification/notifForTester', { method: 'POST', body: { udid }, signal });
}
