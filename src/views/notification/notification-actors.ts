import { createActorContext } from '@xstate/react';
import { notificationFormMachine } from '../../machines/notification-form/notification-form.machine';
import { notificationListMachine } from '../../machines/notification-list/notification-list.machine';
import { inspected } from '../../services/inspection';

/** The notification list screen's actor (one per visit of /admin/notification/list). */
export const NotificationListActor = createActorContext(notificationListMachine, inspected);

/** The add form's actor (one per visit of /admin/notification/add, or per draft edited). */
export const NotificationFormActor = createActorContext(notificationFormMachine, inspected);
