import { createFcmProvider, loadServiceAccount } from '../../adapters/push/fcm';
import { createLogProvider } from '../../adapters/push/log-provider';
import type { PushProvider, PushRouter } from '../../adapters/push/provider';
import { createWebPushProvider } from '../../adapters/push/webpush';
import type { Config } from '../../config';
import type { AppContext } from '../../context';

/** The providers PUSH_PROVIDER lists (comma-separated: log, fcm, webpush). */
export function configuredProviders(config: Pick<Config, 'PUSH_PROVIDER'>): Set<'log' | 'fcm' | 'webpush'> {
  return new Set(config.PUSH_PROVIDER.split(',').map((name) => name.trim()) as ('log' | 'fcm' | 'webpush')[]);
}

/** A provider that refuses: the device's OS has no configured way out (recorded as failed). */
const noProvider: PushProvider = {
  name: 'none',
  async send() {
    return { ok: false, gone: false, retryable: false, error: 'no-provider' };
  },
};

/**
 * Builds the routing of push messages from the configuration: Android and iOS through FCM HTTP v1,
 * browsers through Web Push, each when listed in PUSH_PROVIDER; any other device goes to the
 * embedded log provider when `log` is listed, and fails with `no-provider` otherwise. A provider
 * listed without its settings stops the start with a message naming them.
 */
export function createPushRouter(ctx: Pick<AppContext, 'config' | 'log'>): PushRouter {
  const { config } = ctx;
  const enabled = configuredProviders(config);
  const log = enabled.has('log') ? createLogProvider({ dataDir: config.DATA_DIR, log: ctx.log }) : undefined;
  const fcm = enabled.has('fcm')
    ? createFcmProvider(loadServiceAccount({ json: config.FCM_SERVICE_ACCOUNT_JSON, file: config.FCM_SERVICE_ACCOUNT_FILE }), { endpoint: config.FCM_ENDPOINT, timeoutMs: config.PUSH_TIMEOUT_MS })
    : undefined;
  let webpush: PushProvider | undefined;
  if (enabled.has('webpush')) {
    if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY || !config.VAPID_SUBJECT) throw new Error('Web Push needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT');
    webpush = createWebPushProvider({ publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT }, { timeoutMs: config.PUSH_TIMEOUT_MS });
  }
  const fallback = log ?? noProvider;
  const mobile = fcm ?? fallback;
  const browser = webpush ?? fallback;
  return (os) => (os === 'web' ? browser : os === 'ios' || os === 'android' ? mobile : fallback);
}
