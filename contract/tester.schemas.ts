import { z } from 'zod';

/**
 * Testers (spec §2 "Tester management", §3 "Tester"): responders' phones that receive test alerts
 * and test notifications. Paths under /services/backOffice/tester/ and
 * /services/backoffice/notification/notifForTester.
 */

/** The tester search only asks the server from 2 characters (spec §5, §9). */
export const testerSearchMinimum = 2;

export const tester = z.object({
  id: z.number().int(),
  udid: z.string(),
  responderId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  /** From the responder's last known position, when there is one. */
  zipcode: z.string().nullable(),
  os: z.string(),
  /** Last update of the tester entry (added, or details refreshed). */
  updatedAt: z.string(),
});
export type Tester = z.infer<typeof tester>;

export const udidBody = z.object({ udid: z.string().trim().min(1).max(200) });

/** POST subUnsub: adds the phone as a tester, or removes it when it already is one. */
export const subUnsubResult = z.object({
  udid: z.string(),
  /** added or removed: the SPA shows the matching success message. */
  result: z.enum(['added', 'removed']),
  tester: tester.nullable(),
});

/** The search is validated in the service so that a short filter answers its own key. */
export const searchQuery = z.object({ filter: z.string().max(100).default('') });

/** A responder's phone found by the search, and whether it is already a tester. */
export const searchHit = z.object({
  udid: z.string(),
  responderId: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  os: z.string(),
  buildVersion: z.string().nullable(),
  isTester: z.boolean(),
});

/** notifForTester: the message went through the outbox; status is what the push service said within 3 s. */
export const testerNotified = z.object({ udid: z.string(), queued: z.number().int(), status: z.enum(['sent', 'pending']) });
