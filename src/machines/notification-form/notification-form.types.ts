import type { Distribution } from '../../../contract/charts/notification.chart';
import type { FilterCondition, FilterField } from '../../../contract/notification.filter';
import type { engagementLevels, NotificationItem, sendingTypes } from '../../../contract/notification.schemas';
import type { Tester } from '../../../contract/tester.schemas';
import type { Result } from '../../services/http';
import type { CitizenDevice, PotentialCitizens, TestQueued } from '../../services/notification.api';
import type { MessageType, OsDevice, SiteOption } from '../notification-list/notification-list.types';

export type SendingType = (typeof sendingTypes)[number];
export type EngagementLevel = (typeof engagementLevels)[number];
export type TargetAccountStatus = 'all' | 'activated' | 'refused' | 'waiting';
export type MessageLanguage = 'fr' | 'en' | 'de';
export type { Distribution, MessageType, OsDevice, SiteOption };

/** One row of the additional targeting filter editor; value is null until chosen. */
export interface FilterRow {
  field: FilterField;
  operator: FilterCondition['operator'];
  value: FilterCondition['value'] | null;
}

/** Every field of spec §3 "Notification", as the form holds them (empty text is "none"). */
export interface NotificationFormValues {
  title: string;
  idSite: number | null;
  osDevice: OsDevice;
  sendingType: SendingType;
  /** The target phone of a single send. */
  udid: string | null;
  engagementLevel: EngagementLevel;
  accountStatus: TargetAccountStatus;
  phonePrefix: string;
  filter: FilterRow[];
  fakeBatch: number | null;
  messageType: MessageType | null;
  language: MessageLanguage | null;
  message: string;
  url: string;
  buildVersion: string;
  distribution: Distribution | null;
  /** ISO 8601 date-time of a programmed distribution. */
  programmedDate: string | null;
  /** The tester the test send goes to. */
  idTester: number | null;
}

/** Message keys per field (`filter.2` for a filter row, `recipients` for the count). */
export type FieldErrors = Record<string, string>;

/** Save without sending (a draft) or send (now or at its date). */
export type SaveIntent = 'draft' | 'submit';

/** Status of what the form edits, as the notification chart names it: a new notification or a stored draft. */
export type EditedStatus = 'new' | 'draft';

export interface NotificationFormContext {
  values: NotificationFormValues;
  errors: FieldErrors;
  testErrors: FieldErrors;
  /** The draft being edited, null for a new notification. */
  id: number | null;
  status: EditedStatus;
  sites: SiteOption[];
  testers: Tester[];
  /** Responders and phones the targeting reaches now; null until counted. */
  potential: PotentialCitizens | null;
  potentialKey: string | null;
  /** Phones found for a single send, and the one chosen. */
  search: string;
  hits: CitizenDevice[];
  device: CitizenDevice | null;
  /** Message key of the last failed save or draft load; the entered values stay. */
  errorKey: string | null;
  intent: SaveIntent | null;
  saved: NotificationItem | null;
  lastTest: TestQueued | null;
}

export interface NotificationFormInput {
  /** A draft to load (getDraftNotification), or none for a new notification. */
  id?: number | null;
  /** Language preselected for the message (the interface language). */
  language?: MessageLanguage;
}

export type NotificationFormEvent =
  | { type: 'form.change'; values: Partial<Omit<NotificationFormValues, 'filter'>> }
  | { type: 'filter.add' }
  | { type: 'filter.update'; index: number; row: Partial<FilterRow> }
  | { type: 'filter.remove'; index: number }
  | { type: 'udid.search'; text: string }
  | { type: 'udid.choose'; device: CitizenDevice | null }
  | { type: 'potential.refresh' }
  | { type: 'form.saveDraft' }
  | { type: 'form.submit' }
  | { type: 'test.send' }
  /** After a draft failed to load: start a new notification instead. */
  | { type: 'form.reset' };

export type ItemOutcome = Result<NotificationItem>;
export type PotentialOutcome = Result<PotentialCitizens>;
export type DevicesOutcome = Result<CitizenDevice[]>;
export type TestersOutcome = Result<Tester[]>;
export type TestOutcome = Result<TestQueued>;
export type SitesOutcome = Result<SiteOption[]>;
