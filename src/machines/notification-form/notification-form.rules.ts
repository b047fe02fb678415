import { notificationChart } from '../../../contract/charts/notification.chart';
import { allows } from '../../../contract/charts/transition';
import { errorKeys } from '../../../contract/errors';
import { notificationErrors } from '../../../contract/notification.errors';
import { filterCatalogue, filterCondition, type FilterCondition, type FilterField } from '../../../contract/notification.filter';
import type { NotificationBody, NotificationItem, Targeting } from '../../../contract/notification.schemas';
import type { PotentialCitizens, TestNotificationBody } from '../../services/notification.api';
import type { EditedStatus, FieldErrors, FilterRow, NotificationFormValues, SaveIntent } from './notification-form.types';

/**
 * The rules of the notification form (spec §3 "Notification", §5), pure: the filter editor, the
 * checks before a save or a test send, what is sent, and where a server refusal belongs.
 */

/** Form-only message keys (the server has its own for the rest). */
export const formKeys = {
  fakeBatch: 'notification.form.error.fake-batch',
  url: 'notification.form.error.url',
  filterRow: notificationErrors.filterInvalid,
} as const;

/** What the value of a filter field is, for the editor: a choice among options, a yes/no, a number, a date or a text. */
export type FilterValueKind = { kind: 'choice'; options: readonly string[] } | { kind: 'boolean' } | { kind: 'integer'; min: number; max: number } | { kind: 'date' } | { kind: 'text' } | { kind: 'phone' };

/** The value kinds of the whitelist the server accepts (contract/notification.filter.ts). */
export const filterValueKinds: Record<FilterField, FilterValueKind> = {
  trainedStatus: { kind: 'choice', options: ['trained', 'untrained', 'trainedWithoutDiploma'] },
  gender: { kind: 'choice', options: ['female', 'male', 'other', 'undisclosed'] },
  language: { kind: 'choice', options: ['fr', 'en', 'de', 'es', 'it', 'nl', 'pt', 'ar'] },
  os: { kind: 'choice', options: ['ios', 'android', 'web'] },
  carriesAed: { kind: 'boolean' },
  certificated: { kind: 'boolean' },
  age: { kind: 'integer', min: 0, max: 150 },
  interventionsCount: { kind: 'integer', min: 0, max: 1_000_000 },
  buildVersion: { kind: 'integer', min: 0, max: 1_000_000_000 },
  registeredAt: { kind: 'date' },
  lastSeenAt: { kind: 'date' },
  skill: { kind: 'text' },
  email: { kind: 'text' },
  phone: { kind: 'phone' },
};

/** At most 20 conditions (the server's limit). */
export const maxFilterRows = 20;

const isSetOperator = (operator: string) => operator === 'in' || operator === 'notIn';

/** The operators a field takes, as the server's whitelist says. */
export const operatorsOf = (field: FilterField) => filterCatalogue[field] as FilterRow['operator'][];

function defaultValue(field: FilterField, operator: string): FilterRow['value'] {
  if (isSetOperator(operator)) return [];
  return filterValueKinds[field].kind === 'boolean' ? true : null;
}

/** A new row: the first field with its first operator. */
export function newFilterRow(field: FilterField = 'trainedStatus'): FilterRow {
  const operator = operatorsOf(field)[0]!;
  return { field, operator, value: defaultValue(field, operator) };
}

/** A row after a change: another field resets operator and value; a set operator turns the value into a list and back. */
export function updateFilterRow(row: FilterRow, patch: Partial<FilterRow>): FilterRow {
  if (patch.field !== undefined && patch.field !== row.field) return newFilterRow(patch.field);
  let next = { ...row };
  if (patch.operator !== undefined && patch.operator !== row.operator && operatorsOf(row.field).includes(patch.operator)) {
    let value = row.value;
    if (isSetOperator(patch.operator) && !Array.isArray(value)) value = value === null ? [] : [value as string | number];
    if (!isSetOperator(patch.operator) && Array.isArray(value)) value = (value[0] as string | number | undefined) ?? defaultValue(row.field, patch.operator);
    next = { ...next, operator: patch.operator, value };
  }
  if (patch.value !== undefined) next = { ...next, value: patch.value };
  return next;
}

/** The condition the server receives for a row, or null while the row is incomplete or refused by the whitelist. */
export function conditionOf(row: FilterRow): FilterCondition | null {
  if (row.value === null || (typeof row.value === 'string' && row.value.trim() === '')) return null;
  const condition = { field: row.field, operator: row.operator, value: typeof row.value === 'string' ? row.value.trim() : row.value };
  return filterCondition.safeParse(condition).success ? (condition as FilterCondition) : null;
}

const blank = (text: string) => text.trim() === '';
const phonePrefixPattern = /^\+[0-9]{1,4}$/;
const buildVersionPattern = /^[0-9]{1,9}$/;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The targeting half of the form, or null while it cannot be counted (no site or language, an invalid field or filter row). */
export function targetingOf(values: NotificationFormValues): Targeting | null {
  if (values.idSite === null || values.language === null) return null;
  if (!blank(values.phonePrefix) && !phonePrefixPattern.test(values.phonePrefix.trim())) return null;
  if (!blank(values.buildVersion) && !buildVersionPattern.test(values.buildVersion.trim())) return null;
  const filter = values.filter.map(conditionOf);
  if (filter.some((condition) => condition === null)) return null;
  return {
    idSite: values.idSite,
    osDevice: values.osDevice,
    sendingType: values.sendingType,
    udid: values.sendingType === 'single' ? values.udid : null,
    engagementLevel: values.engagementLevel,
    accountStatus: values.accountStatus,
    phonePrefix: blank(values.phonePrefix) ? null : values.phonePrefix.trim(),
    filter: filter as FilterCondition[],
    language: values.language,
    buildVersion: blank(values.buildVersion) ? null : values.buildVersion.trim(),
  };
}

/** The fields a potential-recipients count depends on. */
export const targetingFields = ['idSite', 'osDevice', 'sendingType', 'udid', 'engagementLevel', 'accountStatus', 'phonePrefix', 'language', 'buildVersion'] as const;

/** Whether the targeting is worth counting: a multiple send whose targeting is complete. */
export const countable = (values: NotificationFormValues) => values.sendingType === 'multiple' && targetingOf(values) !== null;

/**
 * The checks of spec §5 before a save: required fields, the phone of a single send, recipients
 * for a multiple send, the fake-batch number above 0, the date of a programmed send, valid
 * filter rows, and the distribution the notification chart allows (a draft is never immediate).
 */
export function validateSave(values: NotificationFormValues, intent: SaveIntent, status: EditedStatus, potential: PotentialCitizens | null, now = Date.now()): FieldErrors {
  const errors: FieldErrors = {};
  const required = (field: keyof NotificationFormValues, empty: boolean) => {
    if (empty) errors[field] = errorKeys.required;
  };
  required('title', blank(values.title));
  required('message', blank(values.message));
  required('idSite', values.idSite === null);
  required('messageType', values.messageType === null);
  required('language', values.language === null);
  required('distribution', values.distribution === null);
  if (values.sendingType === 'single' && !values.udid) errors.udid = notificationErrors.udidRequired;
  if (values.sendingType === 'multiple' && intent === 'submit' && potential !== null && potential.devices === 0) errors.recipients = notificationErrors.noRecipients;
  if (values.fakeBatch === null) errors.fakeBatch = errorKeys.required;
  else if (!Number.isInteger(values.fakeBatch) || values.fakeBatch < 1 || values.fakeBatch > 10_000) errors.fakeBatch = formKeys.fakeBatch;
  if (!blank(values.phonePrefix) && !phonePrefixPattern.test(values.phonePrefix.trim())) errors.phonePrefix = notificationErrors.phonePrefix;
  if (!blank(values.buildVersion) && !buildVersionPattern.test(values.buildVersion.trim())) errors.buildVersion = notificationErrors.buildVersion;
  if (!blank(values.url) && !isHttpUrl(values.url)) errors.url = formKeys.url;
  values.filter.forEach((row, index) => {
    if (conditionOf(row) === null) errors[`filter.${index}`] = formKeys.filterRow;
  });
  if (values.distribution !== null) {
    const event = { type: intent === 'draft' ? 'notification.saveDraft' : 'notification.submit', distribution: values.distribution } as const;
    if (!allows(notificationChart, status, event)) errors.distribution = notificationErrors.draftImmediate;
    else if (values.distribution === 'programmed' && intent === 'submit') {
      if (!values.programmedDate) errors.programmedDate = notificationErrors.dateRequired;
      else if (Date.parse(values.programmedDate) <= now) errors.programmedDate = notificationErrors.datePast;
    }
  }
  return errors;
}

/** The checks of spec §5 before a test send: message, application, OS, language, build version and tester. */
export function validateTest(values: NotificationFormValues): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(values.message)) errors.message = errorKeys.required;
  if (values.idSite === null) errors.idSite = errorKeys.required;
  if (values.language === null) errors.language = errorKeys.required;
  if (blank(values.buildVersion)) errors.buildVersion = errorKeys.required;
  else if (!buildVersionPattern.test(values.buildVersion.trim())) errors.buildVersion = notificationErrors.buildVersion;
  if (values.idTester === null) errors.idTester = errorKeys.required;
  if (!blank(values.url) && !isHttpUrl(values.url)) errors.url = formKeys.url;
  return errors;
}

/** What postAdminNotification receives. */
export function bodyOf(values: NotificationFormValues, intent: SaveIntent, id: number | null): Partial<NotificationBody> & { filter: FilterCondition[] } {
  const targeting = targetingOf(values);
  return {
    ...(id === null ? {} : { id }),
    draft: intent === 'draft',
    title: values.title.trim(),
    idSite: values.idSite ?? undefined,
    osDevice: values.osDevice,
    sendingType: values.sendingType,
    udid: values.sendingType === 'single' ? values.udid : null,
    engagementLevel: values.engagementLevel,
    accountStatus: values.accountStatus,
    phonePrefix: blank(values.phonePrefix) ? null : values.phonePrefix.trim(),
    filter: targeting?.filter ?? values.filter.map(conditionOf).filter((condition): condition is FilterCondition => condition !== null),
    fakeBatch: values.fakeBatch ?? undefined,
    messageType: values.messageType ?? undefined,
    language: values.language ?? undefined,
    message: values.message.trim(),
    url: blank(values.url) ? null : values.url.trim(),
    buildVersion: blank(values.buildVersion) ? null : values.buildVersion.trim(),
    distribution: values.distribution ?? undefined,
    programmedDate: values.distribution === 'programmed' ? values.programmedDate : null,
  };
}

/** What launchTestNotificationPush receives (validateTest passed). */
export function testBodyOf(values: NotificationFormValues): TestNotificationBody {
  return {
    idTester: values.idTester!,
    idSite: values.idSite!,
    osDevice: values.osDevice,
    language: values.language!,
    buildVersion: values.buildVersion.trim(),
    message: values.message.trim(),
    ...(blank(values.title) ? {} : { title: values.title.trim() }),
    ...(values.messageType ? { messageType: values.messageType } : {}),
    url: blank(values.url) ? null : values.url.trim(),
  };
}

/** The form filled from a stored draft. */
export function valuesOf(item: NotificationItem, idTester: number | null = null): NotificationFormValues {
  return {
    title: item.title,
    idSite: item.idSite,
    osDevice: item.osDevice,
    sendingType: item.sendingType,
    udid: item.udid,
    engagementLevel: item.engagementLevel,
    accountStatus: item.accountStatus,
    phonePrefix: item.phonePrefix ?? '',
    filter: item.filter.map((condition) => ({ field: condition.field, operator: condition.operator, value: condition.value })),
    fakeBatch: item.fakeBatch,
    messageType: item.messageType,
    language: item.language,
    message: item.message,
    url: item.url ?? '',
    buildVersion: item.buildVersion ?? '',
    distribution: item.distribution,
    programmedDate: item.programmedDate,
    idTester,
  };
}

/** Where each server refusal of a save belongs on the form. */
const fieldOfKey: Record<string, string> = {
  [notificationErrors.udidRequired]: 'udid',
  [notificationErrors.udidUnknown]: 'udid',
  [notificationErrors.dateRequired]: 'programmedDate',
  [notificationErrors.datePast]: 'programmedDate',
  [notificationErrors.draftImmediate]: 'distribution',
  [notificationErrors.noRecipients]: 'recipients',
  [notificationErrors.siteNotAllowed]: 'idSite',
  [notificationErrors.phonePrefix]: 'phonePrefix',
  [notificationErrors.buildVersion]: 'buildVersion',
};

/** The field errors a refused save carries: by key, per filter condition, or per field of a validation error. */
export function errorsFromServer(key: string, details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (fieldOfKey[key]) errors[fieldOfKey[key]] = key;
  if (!Array.isArray(details)) return errors;
  for (const detail of details as Array<Record<string, unknown>>) {
    if (key === notificationErrors.filterInvalid && typeof detail.index === 'number') {
      errors[detail.index < 0 ? 'filter' : `filter.${Math.min(detail.index, maxFilterRows - 1)}`] = key;
    } else if (typeof detail.field === 'string' && detail.field) {
      const [field, index] = detail.field.split('.');
      const message = typeof detail.message === 'string' && detail.message.startsWith('error.') ? detail.message : key;
      errors[field === 'filter' && index !== undefined ? `filter.${index}` : field!] = message;
    }
  }
  return errors;
}

/** The message of a failed test send: why the tester's phone was not reached, when the server says. */
export function testFailureKey(key: string, details: unknown): { key: string; values?: Record<string, string> } {
  const reason = (details as { reason?: unknown } | undefined)?.reason;
  if (reason === 'os') return { key: 'notification.test.reason.os', values: { os: String((details as { os?: unknown }).os ?? '') } };
  if (reason === 'build') return { key: 'notification.test.reason.build', values: { build: String((details as { buildVersion?: unknown }).buildVersion ?? '') } };
  if (reason === 'no-push-token') return { key: 'notification.test.reason.no-push-token' };
  return { key };
}

/** A new notification's values. */
export function emptyValues(language: NotificationFormValues['language'] = null, idSite: number | null = null): NotificationFormValues {
  return {
    title: '',
    idSite,
    osDevice: 'all',
    sendingType: 'multiple',
    udid: null,
    engagementLevel: 'all',
    accountStatus: 'activated',
    phonePrefix: '',
    filter: [],
    fakeBatch: 100,
    messageType: 'information',
    language,
    message: '',
    url: '',
    buildVersion: '',
    distribution: 'programmed',
    programmedDate: null,
    idTester: null,
  };
}
