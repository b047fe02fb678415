import { engagementLevels, messageTypes, osDevices } from '../../../../contract/notification.schemas';

/** Select options of the notification screens: a value and the message key of its label. */
export interface KeyedOption<T> {
  value: T;
  key: string;
}

const keyed = <T extends string>(values: readonly T[], prefix: string): KeyedOption<T>[] => values.map((value) => ({ value, key: `${prefix}.${value}` }));

export const osOptions = keyed(osDevices, 'notification.os');
export const messageTypeOptions = keyed(messageTypes, 'notification.messageType');
export const languageOptions = keyed(['fr', 'en', 'de'] as const, 'notification.language');
export const sendingTypeOptions = keyed(['multiple', 'single'] as const, 'notification.sendingType');
export const engagementOptions = keyed(engagementLevels, 'notification.engagement');
export const accountStatusOptions = keyed(['activated', 'waiting', 'refused', 'all'] as const, 'notification.accountStatus');
export const distributionOptions = keyed(['programmed', 'immediate'] as const, 'notification.distribution');

/** The primeicons of each phone OS. */
export const osIcons: Record<string, string> = { all: 'pi pi-mobile', ios: 'pi pi-apple', android: 'pi pi-android', web: 'pi pi-globe' };

/** Translates keyed options for a PrimeReact select (`label`, `value`). */
export function labelled<T>(options: KeyedOption<T>[], t: (key: string) => string) {
  return options.map((option) => ({ value: option.value, label: t(option.key) }));
}
