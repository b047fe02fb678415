import type { PushContent, SendOutcome } from './webpush';

export type { PushContent, SendOutcome };

/**
 * A way to reach a device: the embedded log provider (default), FCM HTTP v1 (Android, iOS) or Web
 * Push (browsers). One message to one device token per call; the outcome says whether to retry or
 * to forget the token (`gone`).
 */
export interface PushProvider {
  readonly name: string;
  send(token: string, content: PushContent): Promise<SendOutcome>;
}

/** Chooses the provider for a device's OS (ios, android, web). */
export type PushRouter = (os: string) => PushProvider;

/** One provider for every OS. */
export function singleProvider(provider: PushProvider): PushRouter {
  return () => provider;
}
