import type { AppContext } from '../../context';
import { alertSettings } from './settings';

/**
 * Live positions for the dispatchers: when a responder engaged (or on stand-by) on an open alert
 * reports a position, the sockets of the alert's account get REFRESH_ALERTS `{ alertId, reason:
 * 'position' }` and the screen refetches the responders. Walking responders report every few
 * seconds each, so the refresh is throttled per alert: at most one every ALERT_POSITION_REFRESH_MS,
 * and the last move of a burst is always told (a trailing refresh). The throttle is per instance:
 * with several instances an alert may be refreshed once per instance and interval, which is harmless.
 */
interface Throttle {
  last: number;
  timer?: NodeJS.Timeout;
}

const throttles = new WeakMap<object, Map<number, Throttle>>();

function publish(ctx: AppContext, alertId: number, idSite: number): void {
  ctx.realtime.publish([idSite], 'REFRESH_ALERTS', { alertId, reason: 'position' }).catch((error: unknown) => {
    ctx.log.warn({ err: error, alertId }, 'position refresh not published');
  });
}

function throttled(ctx: AppContext, alertId: number, idSite: number): void {
  const interval = alertSettings(ctx).ALERT_POSITION_REFRESH_MS;
  let perAlert = throttles.get(ctx);
  if (!perAlert) throttles.set(ctx, (perAlert = new Map()));
  const now = Date.now();
  // Forget alerts that have been quiet for a while, so the map stays as small as the live alerts.
  for (const [id, state] of perAlert) if (!state.timer && now - state.last > 10 * interval + 60_000) perAlert.delete(id);
  const state = perAlert.get(alertId) ?? { last: 0 };
  perAlert.set(alertId, state);
  if (state.timer) return;
  const wait = state.last + interval - now;
  if (wait <= 0) {
    state.last = now;
    publish(ctx, alertId, idSite);
    return;
  }
  state.timer = setTimeout(() => {
    state.timer = undefined;
    state.last = Date.now();
    publish(ctx, alertId, idSite);
  }, wait);
  state.timer.unref();
}

/** After a position report: refreshes (throttled) the open alerts the responder is engaged or on stand-by on. */
export function refreshEngaged(ctx: AppContext, alerts: { alertId: number; idSite: number }[]): void {
  for (const alert of alerts) throttled(ctx, alert.alertId, alert.idSite);
}

/** Drops the pending trailing refreshes (server shutdown). */
export function stopPositionRefresh(ctx: AppContext): void {
  const perAlert = throttles.get(ctx);
  if (!perAlert) return;
  for (const state of perAlert.values()) clearTimeout(state.timer);
  throttles.delete(ctx);
}
