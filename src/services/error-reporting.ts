import { beacon } from './http';

/** Collector address from getExtraInfos (ERROR_REPORTING_URL); nothing is sent while it is empty. */
let endpoint = '';
let listening = false;

function describe(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}

/** Sends an unexpected error with where it happened. */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  if (!endpoint) return;
  beacon(endpoint, { type: 'error', ...describe(error), ...context, path: window.location.pathname, at: new Date().toISOString() });
}

/** Turns error reporting on (a non-empty URL) and catches what nothing else caught. */
export function configureErrorReporting(url: string): void {
  endpoint = url;
  if (!url || listening) return;
  listening = true;
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, { source: 'window.error' }));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, { source: 'unhandledrejection' }));
}
