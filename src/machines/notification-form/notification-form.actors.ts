import { fromPromise } from 'xstate';
import type { FilterCondition } from '../../../contract/notification.filter';
import type { NotificationBody, Targeting } from '../../../contract/notification.schemas';
import * as api from '../../services/notification.api';
import { getFilterTester } from '../../services/tester.api';
import { loadSites } from '../notification-list/notification-list.actors';
import type { DevicesOutcome, ItemOutcome, OsDevice, PotentialOutcome, SitesOutcome, TestersOutcome, TestOutcome } from './notification-form.types';

/** The notification form's I/O; tests replace them with `.provide({ actors })`. */
export const notificationFormActors = {
  loadSites: fromPromise<SitesOutcome>(({ signal }) => loadSites(signal)),
  loadTesters: fromPromise<TestersOutcome>(({ signal }) => getFilterTester(signal)),
  loadDraft: fromPromise<ItemOutcome, { id: number }>(({ input, signal }) => api.getDraftNotification(input.id, signal)),
  count: fromPromise<PotentialOutcome, Targeting>(({ input, signal }) => api.getPotentialCitizens(input, signal)),
  searchDevices: fromPromise<DevicesOutcome, { filter: string; idSite: number; osDevice: OsDevice }>(({ input, signal }) => api.getNoCitizen(input, signal)),
  save: fromPromise<ItemOutcome, Partial<NotificationBody> & { filter: FilterCondition[] }>(({ input, signal }) => api.postAdminNotification(input, signal)),
  sendTest: fromPromise<TestOutcome, api.TestNotificationBody>(({ input, signal }) => api.launchTestNotificationPush(input, signal)),
};
