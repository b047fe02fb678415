import { errorsOf, valuesOf } from '../../../machines/notification-form/notification-form.selectors';
import type { NotificationFormValues } from '../../../machines/notification-form/notification-form.types';
import { NotificationFormActor } from '../notification-actors';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The form's values and errors, and `change` to send a `form.change`. */
export function useNotificationForm() {
  const form = NotificationFormActor.useActorRef();
  const values = NotificationFormActor.useSelector(valuesOf, sameJson);
  const errors = NotificationFormActor.useSelector(errorsOf, sameJson);
  const change = (patch: Partial<Omit<NotificationFormValues, 'filter'>>) => form.send({ type: 'form.change', values: patch });
  return { form, values, errors, change };
}
