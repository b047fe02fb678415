import type { SnapshotFrom } from 'xstate';
import type { notificationFormMachine } from './notification-form.machine';
import { validateSave } from './notification-form.rules';

export type NotificationFormSnapshot = SnapshotFrom<typeof notificationFormMachine>;

/** What the form area shows (the `snapshotToState` of the Expensify split). */
export type NotificationFormPhase = 'loadingDraft' | 'draftFailed' | 'editing' | 'saving' | 'saved';

export function phaseOf(snapshot: NotificationFormSnapshot): NotificationFormPhase {
  if (snapshot.matches('loadingDraft') || snapshot.matches('starting')) return 'loadingDraft';
  if (snapshot.matches('draftFailed')) return 'draftFailed';
  if (snapshot.matches('saved')) return 'saved';
  return snapshot.hasTag('saving') ? 'saving' : 'editing';
}

export const valuesOf = (snapshot: NotificationFormSnapshot) => snapshot.context.values;
export const errorsOf = (snapshot: NotificationFormSnapshot) => snapshot.context.errors;
export const testErrorsOf = (snapshot: NotificationFormSnapshot) => snapshot.context.testErrors;
export const sitesOf = (snapshot: NotificationFormSnapshot) => snapshot.context.sites;
export const testersOf = (snapshot: NotificationFormSnapshot) => snapshot.context.testers;
export const hitsOf = (snapshot: NotificationFormSnapshot) => snapshot.context.hits;
export const deviceOf = (snapshot: NotificationFormSnapshot) => snapshot.context.device;
export const errorKeyOf = (snapshot: NotificationFormSnapshot) => snapshot.context.errorKey;
export const isDraftEdit = (snapshot: NotificationFormSnapshot) => snapshot.context.status === 'draft';
export const isSearching = (snapshot: NotificationFormSnapshot) => snapshot.hasTag('searching');
export const isTesting = (snapshot: NotificationFormSnapshot) => snapshot.hasTag('testing');
export const isSaving = (snapshot: NotificationFormSnapshot) => snapshot.hasTag('saving');

/** The potential recipients line: off (single send or incomplete targeting), waiting/counting, counted, failed. */
export function potentialOf(snapshot: NotificationFormSnapshot) {
  const region = snapshot.matches({ editing: { potential: 'counted' } })
    ? 'counted'
    : snapshot.matches({ editing: { potential: 'failed' } })
      ? 'failed'
      : snapshot.matches({ editing: { potential: 'waiting' } }) || snapshot.hasTag('counting')
        ? 'counting'
        : 'off';
  return { state: region, potential: snapshot.context.potential, key: snapshot.context.potentialKey } as const;
}

/** The form as it stands would be sent (the machine's submit guard): the point to confirm a send to many phones. */
export const isSubmittable = (snapshot: NotificationFormSnapshot) =>
  snapshot.matches({ editing: { form: 'idle' } }) && Object.keys(validateSave(snapshot.context.values, 'submit', snapshot.context.status, snapshot.context.potential)).length === 0;
