import type { SnapshotFrom } from 'xstate';
import { aedAvailabilityChart } from '../../../contract/charts/aed-availability.chart';
import { allows } from '../../../contract/charts/transition';
import type { aedFormMachine } from './aed-form.machine';
import type { AvailabilityRequest } from './aed-form.types';
import { availabilityEvent, isStored } from './aed-form.rules';

export type AedFormSnapshot = SnapshotFrom<typeof aedFormMachine>;

export type AedFormPhase = 'loading' | 'loadFailed' | 'editing';

export function phaseOf(snapshot: AedFormSnapshot): AedFormPhase {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  return 'editing';
}

export const aedOf = (snapshot: AedFormSnapshot) => snapshot.context.aed;
export const draftOf = (snapshot: AedFormSnapshot) => snapshot.context.draft;
export const isDirty = (snapshot: AedFormSnapshot) => Object.keys(snapshot.context.draft).length > 0;
export const fieldErrorsOf = (snapshot: AedFormSnapshot) => snapshot.context.fieldErrors;
export const contactErrorsOf = (snapshot: AedFormSnapshot) => snapshot.context.contactErrors;
export const errorKeyOf = (snapshot: AedFormSnapshot) => snapshot.context.errorKey;
export const optionsOf = (snapshot: AedFormSnapshot) => snapshot.context.options;
export const countriesOf = (snapshot: AedFormSnapshot) => snapshot.context.countries;
export const duplicatesOf = (snapshot: AedFormSnapshot) => snapshot.context.duplicates;
export const geoResultsOf = (snapshot: AedFormSnapshot) => snapshot.context.geoResults;
export const needsPinMoveOf = (snapshot: AedFormSnapshot) => snapshot.context.needsPinMove;
export const templateOf = (snapshot: AedFormSnapshot) => snapshot.context.template;
export const doneOf = (snapshot: AedFormSnapshot) => snapshot.context.done;
export const isBusy = (snapshot: AedFormSnapshot) => snapshot.hasTag('busy');
export const isSaving = (snapshot: AedFormSnapshot) => snapshot.hasTag('saving');
export const isGeocoding = (snapshot: AedFormSnapshot) => snapshot.hasTag('geocoding');
/** The action running now, to show a spinner on its button. */
export const runningActionOf = (snapshot: AedFormSnapshot) => (snapshot.matches({ editing: 'acting' }) ? snapshot.context.action : null);
export const isDeleted = (snapshot: AedFormSnapshot) => snapshot.context.aed?.status === 'deleted';
/** A new AED, not saved yet: its actions wait for the first save. */
export const isNew = (snapshot: AedFormSnapshot) => snapshot.context.aed !== null && !isStored(snapshot.context.aed);

/** The value a field shows: the edit, else the stored value. */
export function valueOf(snapshot: AedFormSnapshot, field: string): unknown {
  const { draft, aed } = snapshot.context;
  return field in draft ? draft[field as keyof typeof draft] : (aed as unknown as Record<string, unknown> | null)?.[field];
}

/** Whether the field has an unsaved edit. */
export const isEdited = (snapshot: AedFormSnapshot, field: string) => field in snapshot.context.draft;

/**
 * The availability changes the chart allows from the AED's status (spec §4): the popup offers
 * these and nothing else. Unavailable stays offered when unavailable (new reason or end date).
 */
export function availabilityChoicesOf(snapshot: AedFormSnapshot): Array<AvailabilityRequest['status']> {
  const status = snapshot.context.aed?.status;
  if (!status || !isStored(snapshot.context.aed)) return [];
  return (['available', 'inMaintenance', 'unavailable'] as const).filter((target) => allows(aedAvailabilityChart, status, availabilityEvent({ status: target, reason: 'maintenance' })));
}

export const canDelete = (snapshot: AedFormSnapshot) => isStored(snapshot.context.aed) && allows(aedAvailabilityChart, snapshot.context.aed!.status, { type: 'aed.delete' });
export const canRestore = (snapshot: AedFormSnapshot) => isStored(snapshot.context.aed) && allows(aedAvailabilityChart, snapshot.context.aed!.status, { type: 'aed.restore' });
export const canSave = (snapshot: AedFormSnapshot) => snapshot.matches({ editing: 'idle' }) && isDirty(snapshot) && !isDeleted(snapshot);
