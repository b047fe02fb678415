import { z } from 'zod';
import { progressEvents } from './charts/responder-request.chart';
import { mission, missionAed, requestStatus } from './alert.schemas';

/**
 * The responder-facing API (/services/responder/v1/...): what the responders' phone app (and the
 * bots) call. Responders authenticate with their own device token, `Authorization: Responder <token>`,
 * handed out once at registration; a staff JWT is never accepted here.
 */

export const trainedStatuses = ['trained', 'untrained', 'trainedWithoutDiploma'] as const;
export const trainedStatus = z.enum(trainedStatuses);
export type TrainedStatus = z.infer<typeof trainedStatus>;

export const accountStatuses = ['activated', 'refused', 'waiting'] as const;
export const accountStatus = z.enum(accountStatuses);
export type AccountStatus = z.infer<typeof accountStatus>;

export const deviceOs = z.enum(['ios', 'android', 'web']);

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

export const deviceFields = z.object({
  os: deviceOs,
  /** Push token of the platform (FCM registration token, APNs token or Web Push subscription JSON). */
  pushToken: z.string().max(4096).optional(),
  buildVersion: z.string().max(40).optional(),
  udid: z.string().min(1).max(200),
});

/** POST /services/responder/v1/register: a new responder account and its first device. */
export const registerBody = z.object({
  responder: z.object({
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    email: z.email().max(254),
    phone: z.string().trim().min(4).max(30),
    age: z.number().int().min(12).max(120).optional(),
    gender: z.enum(['female', 'male', 'other', 'undisclosed']).optional(),
    trainedStatus: trainedStatus.default('untrained'),
    skill: z.string().max(100).optional(),
    skillSpeciality: z.string().max(100).optional(),
    carriesAed: z.boolean().default(false),
    language: z.string().max(10).default('fr'),
  }),
  device: deviceFields,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const registered = z.object({
  responderId: z.number().int(),
  deviceId: z.number().int(),
  /** The device token: send it as `Authorization: Responder <token>`. Shown once. */
  token: z.string(),
  /** 'waiting' until staff validate the account; only activated responders are alerted. */
  accountStatus,
});

/** PUT /services/responder/v1/device: refresh the push token or build version of the calling device. */
export const deviceBody = deviceFields.omit({ udid: true }).partial();

export const device = z.object({ id: z.number().int(), os: deviceOs, pushToken: z.string().nullable(), buildVersion: z.string().nullable(), udid: z.string() });

/** PUT /services/responder/v1/position: last known position, and availability when given. */
export const positionBody = z.object({
  lat: latitude,
  lon: longitude,
  /** Metres. */
  accuracy: z.number().min(0).max(100_000).optional(),
  available: z.boolean().optional(),
});

/** PUT /services/responder/v1/availability */
export const availabilityBody = z.object({ available: z.boolean() });

export const responderState = z.object({
  responderId: z.number().int(),
  accountStatus,
  available: z.boolean(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  positionDate: z.string().nullable(),
});

/** The alert offered to (or being answered by) the calling responder. */
export const offeredAlert = z.object({
  alertId: z.number().int(),
  alertType: z.number().int(),
  /** True once the intervention is closed: stop going. */
  closed: z.boolean(),
  victim: z.object({ lat: z.number(), lon: z.number(), address: z.string(), addressInfo: z.string() }),
  request: z.object({
    id: z.number().int(),
    status: requestStatus,
    mission,
    /** The AED to fetch first, when the mission is 'aed'. */
    aed: missionAed.nullable(),
    /** Metres from the responder's position at alert time to the victim. */
    distance: z.number().int(),
    /** Seconds of walking planned at alert time (via the AED for an AED mission). */
    duration: z.number().int(),
  }),
});
export type OfferedAlert = z.infer<typeof offeredAlert>;

export const responderAlertParams = z.object({ alertId: z.coerce.number().int().positive() });

/** POST /services/responder/v1/alerts/{alertId}/accept: the current position decides "too far". */
export const acceptBody = z.object({ lat: latitude.optional(), lon: longitude.optional() });

/** POST /services/responder/v1/alerts/{alertId}/refuse */
export const refuseBody = z.object({ reason: z.enum(['busy', 'aedTaken', 'tooFar', 'other']).optional() });

/** POST /services/responder/v1/alerts/{alertId}/progress */
export const progressBody = z.object({
  status: z.enum(Object.keys(progressEvents) as [keyof typeof progressEvents, ...(keyof typeof progressEvents)[]]),
  lat: latitude.optional(),
  lon: longitude.optional(),
});

/** POST /services/responder/v1/alerts/{alertId}/cancel: reason 'noAed' ends an AED run as withoutAedCancel. */
export const cancelBody = z.object({ reason: z.enum(['noAed', 'other']).optional() });
