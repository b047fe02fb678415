import { z } from 'zod';
import { endpoint } from './endpoint';
import { searchHit, searchQuery, subUnsubResult, tester, testerNotified, udidBody } from './tester.schemas';

const tags = ['testers'];
const errors = [400, 401, 403, 404] as const;

/** Tester management (spec §7: backOffice/tester/... and backoffice/notification/notifForTester), capability alert.testers. */
export const testerEndpoints = {
  getFilterTester: endpoint({
    method: 'GET',
    path: '/services/backOffice/tester/getFilterTester',
    summary: 'The testers of the caller’s accounts: the phones that receive test alerts and notifications',
    tags,
    access: 'alert.testers',
    response: z.array(tester),
    errors,
    writes: false,
    matrix: { own: 200 },
  }),
  subUnsub: endpoint({
    method: 'POST',
    path: '/services/backOffice/tester/subUnsub',
    summary: 'Adds a responder’s phone as a tester, or removes it when it already is one',
    tags,
    access: 'alert.testers',
    body: udidBody,
    response: subUnsubResult,
    errors,
    writes: true,
    audit: { action: 'tester.subUnsub', target: 'body.udid' },
    matrix: { own: 404, note: 'an unknown device' },
  }),
  search: endpoint({
    method: 'GET',
    path: '/services/backOffice/tester/search',
    summary: 'Responders’ phones by name, phone or e-mail, from 2 characters',
    tags,
    access: 'alert.testers',
    query: searchQuery,
    response: z.array(searchHit),
    errors,
    writes: false,
    matrix: { own: 200 },
  }),
  notifForTester: endpoint({
    method: 'POST',
    path: '/services/backoffice/notification/notifForTester',
    summary: 'Sends the standard test message to a tester’s phone',
    tags,
    access: 'alert.testers',
    body: udidBody,
    response: testerNotified,
    errors,
    writes: true,
    audit: { action: 'tester.notify', target: 'body.udid' },
    matrix: { own: 404, note: 'an unknown device' },
  }),
};
