import type { AedAvailability, AedUnavailableReason } from '../../../contract/charts/aed-availability.chart';
import type { AedContactInput, AedDetail, AedEditableField, AedReport } from '../../../contract/aed.schemas';
import type { Country, GeoResult } from '../../../contract/geo.schemas';
import type { Result } from '../../services/http';
import type { PotentialDuplicate } from '../../../contract/aed-merge.schemas';
import type { AedOptions, EmailTemplate, MailChoice, ResolveChoice } from '../../../contract/aed-reports.schemas';
import type { ProblemReport } from '../../services/aed.api';

export interface AedFormInput {
  /** The AED of the page address (udid or id). */
  udid: string;
  lang: string;
}

/** Edits not saved yet, by field: what the form shows over the stored AED. */
export type AedDraft = Partial<Record<AedEditableField, unknown>>;

/** Message keys by field path ("name", "openingHours.2.0", "phone"...). */
export type FieldErrors = Record<string, string>;

/** An availability change asked in the popup (spec §4): the chart says whether it is legal. */
export interface AvailabilityRequest {
  status: Exclude<AedAvailability, 'deleted'>;
  reason?: AedUnavailableReason;
  /** ISO date-time or YYYY-MM-DD; absent = no end date. */
  endDate?: string | null;
}

/** Everything the form does besides saving the fields; each answers the AED as it now is. */
export type AedAction =
  | { kind: 'availability'; change: AvailabilityRequest }
  | { kind: 'certification'; certified: boolean; date?: string }
  | { kind: 'confirm' }
  | { kind: 'delete' }
  | { kind: 'restore' }
  | { kind: 'pictureAdd'; files: File[] }
  | { kind: 'pictureRotate'; filename: string; degrees: number }
  | { kind: 'pictureDelete'; id: number }
  | { kind: 'contactSave'; contact: AedContactInput }
  | { kind: 'contactDelete'; id: number }
  | { kind: 'reportAdd'; report: ProblemReport }
  | { kind: 'reportMail'; id: number; choice: MailChoice }
  | { kind: 'reportResolve'; id: number; city: string | null; choice: ResolveChoice }
  | { kind: 'reportSoluble'; id: number }
  | { kind: 'reportDelete'; report: Pick<AedReport, 'id' | 'status'> }
  | { kind: 'linkGeoDae'; geoDaeUdid: string };

export type AedActionKind = AedAction['kind'];

export interface AedFormContext {
  udid: string;
  lang: string;
  /** The AED as the server last answered it. */
  aed: AedDetail | null;
  draft: AedDraft;
  /** The edits the running save sent (edits made meanwhile stay in the draft). */
  sending: AedDraft | null;
  fieldErrors: FieldErrors;
  contactErrors: FieldErrors;
  /** Message key of the last failure, null when none. */
  errorKey: string | null;
  options: AedOptions | null;
  countries: Country[];
  duplicates: PotentialDuplicate[];
  /** Geocoding answers for the address, to pick one. */
  geoResults: GeoResult[] | null;
  /** The place was found at commune precision only: the pin must be moved (spec §5). */
  needsPinMove: boolean;
  /** The action running (or last run). */
  action: AedAction | null;
  /** The last action that succeeded, with a sequence number the dialogs watch to close. */
  done: { kind: AedActionKind; seq: number } | null;
  template: EmailTemplate | null;
}

export interface AedFormData {
  aed: AedDetail;
  options: AedOptions | null;
  countries: Country[];
  duplicates: PotentialDuplicate[];
}

export type AedFormEvent =
  | { type: 'form.reload' }
  | { type: 'field.change'; field: AedEditableField; value: unknown }
  | { type: 'form.save' }
  | { type: 'form.discard' }
  | { type: 'location.geocode' }
  | { type: 'location.pick'; index: number }
  | { type: 'location.pin'; lat: number; lon: number }
  | { type: 'location.reverse' }
  | { type: 'availability.change'; change: AvailabilityRequest }
  | { type: 'certification.change'; certified: boolean; date?: string }
  | { type: 'aed.confirm' }
  | { type: 'aed.delete' }
  | { type: 'aed.restore' }
  | { type: 'picture.add'; files: File[] }
  | { type: 'picture.rotate'; filename: string; degrees: number }
  | { type: 'picture.delete'; id: number }
  | { type: 'contact.save'; contact: AedContactInput }
  | { type: 'contact.delete'; id: number }
  /** Reports a problem on the AED (spec §7 reportProblem). */
  | { type: 'report.add'; report: ProblemReport }
  | { type: 'report.template'; problemType: number }
  /** Mails the reporter (the template, edited) and leaves the report open. */
  | { type: 'report.mail'; id: number; choice: MailChoice }
  | { type: 'report.resolve'; id: number; city: string | null; choice: ResolveChoice }
  | { type: 'report.soluble'; id: number }
  | { type: 'report.delete'; id: number }
  | { type: 'geodae.link'; geoDaeUdid: string };

export type LoadOutcome = Result<AedFormData>;
export type AedOutcome = Result<AedDetail>;
export type GeoOutcome = Result<GeoResult[]>;
export type ReverseOutcome = Result<GeoResult>;
export type TemplateOutcome = Result<EmailTemplate>;
