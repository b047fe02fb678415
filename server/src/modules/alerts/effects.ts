import { pushDelivery } from '../../adapters/push/delivery';
import type { AppContext } from '../../context';

/**
 * What follows a committed change to an alert or one of its requests: this instance forgets its
 * kept alert answers at once (whoever made the change, a responder's app or a job included; other
 * instances hear the change's announcement), the sockets of the alert's account refetch
 * (REFRESH_ALERTS), and written push messages go out. The refresh and the push run after the
 * answer is on its way (the caller does not wait: neither changes what it answers); a failure is
 * logged.
 * Never call it inside a transaction (on PGlite a query outside the transaction would wait for it).
 */
export function afterAlertChange(ctx: AppContext, alert: { id: number; idSite: number }, options: { push?: boolean } = {}): void {
  ctx.alertViews.forget();
  if (options.push !== false) pushDelivery(ctx).kick();
  ctx.realtime.publish([alert.idSite], 'REFRESH_ALERTS', { alertId: alert.id }).catch((error: unknown) => {
    ctx.log.error({ err: error, alertId: alert.id }, 'REFRESH_ALERTS not published');
  });
}
