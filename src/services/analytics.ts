import { beacon } from './http';

/** Collector address from getExtraInfos (ANALYTICS_URL); page views are not reported while it is empty. */
let endpoint: string | undefined;
/** Page views seen before the address is known (the first page loads before getExtraInfos answers). */
let waiting: Record<string, unknown>[] = [];
const maxWaiting = 20;

export function configureAnalytics(url: string): void {
  endpoint = url;
  if (url) waiting.forEach((view) => beacon(url, view));
  waiting = [];
}

/** Reports a page view (called on each route change). Carries the path, never personal data. */
export function trackPageView(path: string, context: { idGroup?: number; siteId?: number } = {}): void {
  const view = { type: 'pageview', path, idGroup: context.idGroup, siteId: context.siteId, at: new Date().toISOString() };
  if (endpoint === undefined) {
    if (waiting.length < maxWaiting) waiting.push(view);
  } else if (endpoint) {
    beacon(endpoint, view);
  }
}
