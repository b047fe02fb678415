import type { EndpointData } from '../../contract/endpoint';
import { testerEndpoints as endpoints } from '../../contract/tester.endpoints';
import { call } from './http';

/**
 * Tester management calls (contract/tester.endpoints.ts). The search is only asked from 2
 * characters (the machine decides; the server refuses shorter).
 */

/** A responder's phone found by the tester search. */
export type TesterSearchHit = EndpointData<typeof endpoints.search>[number];
export type SubUnsubResult = EndpointData<typeof endpoints.subUnsub>;
export type TesterNotified = EndpointData<typeof endpoints.notifForTester>;

export function getFilterTester(signal?: AbortSignal) {
  return call(endpoints.getFilterTester, {}, { signal });
}

export function searchTesters(filter: string, signal?: AbortSignal) {
  return call(endpoints.search, { query: { filter } }, { signal });
}

/** Adds the phone as a tester, or removes it when it already is one. */
export function subUnsub(udid: string, signal?: AbortSignal) {
  return call(endpoints.subUnsub, { body: { udid } }, { signal });
}

/** The standard test message to a tester's phone. */
export function notifForTester(udid: string, signal?: AbortSignal) {
  return call(endpoints.notifForTester, { body: { udid } }, { signal });
}
