import { z } from 'zod';
import { callOutcomes, contactStatuses } from './charts/callback.chart';

/**
 * The post-intervention form of one responder on one alert (spec §2, §3 "Post-intervention
 * interview"): its answers grouped in the form's sections, the technical-issues modal, and the
 * load and submit calls (GET and POST /services/backoffice/alert/citizenAlertForm/{id}, where id
 * is the responder's request on the alert). docs/api-history.md describes them.
 */

/** Choice lists of the form; each value has a label key `interview.<field>.<value>`. */
export const interviewChoices = {
  gender: ['female', 'male', 'other', 'undisclosed'],
  professionalCategory: ['healthProfessional', 'firefighter', 'police', 'employee', 'manager', 'craftsman', 'farmer', 'student', 'retired', 'unemployed', 'other'],
  training: ['none', 'awareness', 'psc1', 'sst', 'pse', 'healthProfessional'],
  earlierCardiacMassage: ['never', 'once', 'several'],
  initialPosition: ['home', 'work', 'street', 'vehicle', 'publicPlace', 'other'],
  refusalCause: ['unavailable', 'tooFar', 'notConfident', 'noticeTooLate', 'other'],
  meansOfTravel: ['foot', 'running', 'bike', 'car', 'publicTransport', 'other'],
  arrived: ['beforeServices', 'withServices', 'afterServices', 'notArrived'],
  yesNoUnknown: ['yes', 'no', 'unknown'],
  aedOrigin: ['carried', 'fetched', 'onSite', 'broughtByWitness', 'other'],
  gestureOnVictim: ['none', 'massage', 'ventilation', 'aedPlaced', 'recoveryPosition', 'bleedingControl', 'reassurance'],
  massageDuration: ['none', 'lessThan5', 'from5To10', 'other'],
  technicalIssue: ['noNotification', 'lateNotification', 'wrongAddress', 'mapOrGuidance', 'appCrash', 'networkOrBattery', 'other'],
  phoneOs: ['android', 'ios', 'other'],
} as const;

const choice = <K extends keyof typeof interviewChoices>(key: K) => z.enum(interviewChoices[key]);
const text = (max: number) => z.string().trim().max(max);
const count = (max: number) => z.number().int().min(0).max(max);

/** The massage duration given as "other" is a number of minutes above this (spec §5, §9). */
export const massageDurationOtherMin = 10;

/** Identity: who the responder is (spec §3). */
export const identityAnswers = z.object({
  age: z.number().int().min(12).max(110).nullable(),
  gender: choice('gender').nullable(),
  professionalCategory: choice('professionalCategory').nullable(),
  professionalCategoryOther: text(200),
  /** Other activity or association (volunteer firefighter, first-aid association...). */
  otherActivity: text(300),
  training: choice('training').nullable(),
  earlierCardiacMassage: choice('earlierCardiacMassage').nullable(),
});

/** Intervention: how the responder's intervention went (spec §3). */
export const interventionAnswers = z.object({
  initialPosition: choice('initialPosition').nullable(),
  preciseAddress: text(500),
  emergencyServicesMember: z.boolean().nullable(),
  /** Metres between the responder and the victim when alerted, as the responder estimates it. */
  distance: count(100_000).nullable(),
  setOff: z.boolean().nullable(),
  refusalCause: choice('refusalCause').nullable(),
  meansOfTravel: choice('meansOfTravel').nullable(),
  arrived: choice('arrived').nullable(),
  calledByOperator: z.boolean().nullable(),
  sawVictim: z.boolean().nullable(),
  victimInCardiacArrest: choice('yesNoUnknown').nullable(),
  victimTransportedAlive: choice('yesNoUnknown').nullable(),
  aedPlacedBeforeHelp: z.boolean().nullable(),
  aedOrigin: choice('aedOrigin').nullable(),
  activeWitness: z.boolean().nullable(),
  /** Minutes without any chest compression, as estimated. */
  noFlowDuration: count(120).nullable(),
  shockDelivered: choice('yesNoUnknown').nullable(),
  aedAnalysisCycles: count(50).nullable(),
  gestureOnVictim: z.array(choice('gestureOnVictim')).max(7),
  massageDuration: choice('massageDuration').nullable(),
  /** Minutes, when massageDuration is "other": above 10. */
  massageDurationOther: z.number().int().max(600).nullable(),
  notes: text(4000),
  /** The referents or interviewer who held the interview. */
  interviewer: text(300),
});

export const interviewAnswers = z.object({ identity: identityAnswers, intervention: interventionAnswers });
export type InterviewAnswers = z.infer<typeof interviewAnswers>;

/** The technical-issues modal: what went wrong with the app, and on which phone system. */
export const technicalIssues = z.object({
  kinds: z.array(choice('technicalIssue')).max(7),
  description: text(2000),
  phoneOs: choice('phoneOs').nullable(),
  /** The phone model or OS version, as the responder says it. */
  phoneModel: text(200),
});
export type TechnicalIssues = z.infer<typeof technicalIssues>;

/** An empty interview: what a form starts from. */
export function emptyAnswers(): InterviewAnswers {
  return {
    identity: { age: null, gender: null, professionalCategory: null, professionalCategoryOther: '', otherActivity: '', training: null, earlierCardiacMassage: null },
    intervention: {
      initialPosition: null,
      preciseAddress: '',
      emergencyServicesMember: null,
      distance: null,
      setOff: null,
      refusalCause: null,
      meansOfTravel: null,
      arrived: null,
      calledByOperator: null,
      sawVictim: null,
      victimInCardiacArrest: null,
      victimTransportedAlive: null,
      aedPlacedBeforeHelp: null,
      aedOrigin: null,
      activeWitness: null,
      noFlowDuration: null,
      shockDelivered: null,
      aedAnalysisCycles: null,
      gestureOnVictim: [],
      massageDuration: null,
      massageDurationOther: null,
      notes: '',
      interviewer: '',
    },
  };
}

export function emptyTechnicalIssues(): TechnicalIssues {
  return { kinds: [], description: '', phoneOs: null, phoneModel: '' };
}

export const callOutcome = z.enum(callOutcomes);

/** POST /services/backoffice/alert/citizenAlertForm/{id}: one call and what it left. */
export const interviewSubmitBody = z.object({
  /** Chosen by the form for each draft: a draft sent twice (lost answer, re-send) is recorded once. */
  draftId: z.uuid(),
  outcome: callOutcome,
  /** ISO date-time of the next call: required for recall and recallFragile, in the future. */
  recallAt: z.iso.datetime({ offset: true }).nullable().default(null),
  /** Required when outcome is done. */
  answers: interviewAnswers.nullable().default(null),
  technicalIssues: technicalIssues.nullable().default(null),
  /** A note about this call (refusal reason, who answered...). */
  note: text(2000).default(''),
});
export type InterviewSubmitBody = z.infer<typeof interviewSubmitBody>;

export const interviewIdParams = z.object({ id: z.coerce.number().int().positive() });

/** One past call of the history section. */
export const callRecord = z.object({
  at: z.string(),
  outcome: callOutcome,
  recallAt: z.string().nullable(),
  note: z.string(),
  by: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
});
export type CallRecord = z.infer<typeof callRecord>;

/** A responder's earlier alerts, for the history section. */
export const earlierIntervention = z.object({
  requestId: z.number().int(),
  alertId: z.number().int(),
  date: z.string(),
  alertType: z.number().int(),
  status: z.string(),
  contactStatus: z.enum(contactStatuses),
});

/** GET /services/backoffice/alert/citizenAlertForm/{id}: the form, as the referent opens it. */
export const interviewForm = z.object({
  /** The request id the form is about (the path's id). */
  id: z.number().int(),
  alert: z.object({
    alertId: z.number().int(),
    alertType: z.number().int(),
    address: z.string(),
    addressInfo: z.string(),
    idSite: z.number().int(),
    siteName: z.string(),
    launchedAt: z.string().nullable(),
    closedAt: z.string().nullable(),
    test: z.boolean(),
  }),
  responder: z.object({
    citizenResponderId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    email: z.string(),
    age: z.number().int().nullable(),
    gender: z.string().nullable(),
    trainedStatus: z.string(),
    skill: z.string().nullable(),
    nbInterventions: z.number().int(),
    /** Last status on the alert and its mission. */
    status: z.string(),
    mission: z.string(),
    /** Metres from the victim when alerted. */
    distance: z.number().int(),
    acceptedAt: z.string().nullable(),
  }),
  contactStatus: z.enum(contactStatuses),
  recallAt: z.string().nullable(),
  /** Calls so far, newest first. */
  calls: z.array(callRecord),
  earlier: z.array(earlierIntervention),
  /** The saved interview, or null before the first completed one. */
  answers: interviewAnswers.nullable(),
  technicalIssues: technicalIssues.nullable(),
  completedAt: z.string().nullable(),
  /** Answers to start from when none is saved: what Vigil already knows (age, gender, distance). */
  prefill: interviewAnswers,
  /** The outcomes the call-back chart allows now. */
  allowedOutcomes: z.array(callOutcome),
});
export type InterviewForm = z.infer<typeof interviewForm>;

export const interviewSubmitResult = z.object({
  contactStatus: z.enum(contactStatuses),
  recallAt: z.string().nullable(),
  /** False when the same draft had already been recorded. */
  recorded: z.boolean(),
});
export type InterviewSubmitResult = z.infer<typeof interviewSubmitResult>;
