import { createECDH } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291, RFC 8188)
 * through the `web-push` library; this file keeps what is ours: the configuration check, the
 * shared kept-alive transport with its time-out, and what an answer means for the device. A
 * subscription is what the browser's PushSubscription.toJSON() gives.
 */
export interface WebPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url (65 bytes): what the browser gets as applicationServerKey. */
  publicKey: string;
  /** The private scalar d, base64url (32 bytes). */
  privateKey: string;
  /** mailto: or https: contact the push service may use (RFC 8292 §2.1). */
  subject: string;
}

/** What one delivery attempt came to; `gone` means the subscription or token must be forgotten. */
export type SendOutcome =
  | { ok: true; providerMessageId?: string }
  | { ok: false; gone: boolean; retryable: boolean; error: string; retryAfterSeconds?: number };

export interface PushContent {
  title: string;
  body: string;
  url?: string | null;
  data?: Record<string, string>;
  /** Seconds the push service keeps the message for an offline device. */
  ttlSeconds?: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
}

/** Largest plaintext that fits one 4096-octet record (push services take no more): 4096 - 16 (tag) - 1 (delimiter) - header. */
export const maxWebPushPayload = 4096 - 16 - 1 - 86;

/**
 * The encrypted body and headers (Content-Encoding, TTL, Urgency) of one message, without the
 * VAPID authorization, which `createVapidSigner` gives. Throws on keys that are not a subscription's.
 */
export function encryptedRequest(subscription: WebPushSubscription, plaintext: Buffer, options: Pick<PushContent, 'ttlSeconds' | 'urgency'> = {}): { headers: Record<string, string>; body: Buffer } {
  const details = webpush.generateRequestDetails(subscription, plaintext, {
    // No VAPID here: web-push would sign each message (1.6 ms of CPU); createVapidSigner signs once
    // per origin. web-push documents a falsy value as "skip VAPID"; its typings omit null.
    vapidDetails: null as never,
    contentEncoding: 'aes128gcm',
    TTL: options.ttlSeconds ?? 86_400,
    urgency: options.urgency ?? 'high',
  });
  const headers: Record<string, string> = {};
  // The transport sets Content-Length from the body it sends.
  for (const [name, value] of Object.entries(details.headers)) if (name !== 'Content-Length') headers[name] = String(value);
  return { headers, body: details.body as Buffer };
}

/** Checks VAPID keys once, at start: a bad key is a configuration error, not a failed message. */
export function checkVapidKeys(keys: VapidKeys): void {
  const publicKey = Buffer.from(keys.publicKey, 'base64url');
  const privateKey = Buffer.from(keys.privateKey, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4) throw new Error('VAPID_PUBLIC_KEY is not an uncompressed P-256 point (65 bytes, base64url)');
  if (privateKey.length !== 32) throw new Error('VAPID_PRIVATE_KEY is not a 32-byte P-256 private key (base64url)');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  if (!ecdh.getPublicKey().equals(publicKey)) throw new Error('VAPID_PUBLIC_KEY does not match VAPID_PRIVATE_KEY');
  if (!/^(mailto:|https:)/.test(keys.subject)) throw new Error('VAPID_SUBJECT must be a mailto: or https: URL');
}

/** VAPID Authorization headers (signed by web-push), one per push-service origin, reused until an hour before expiry. */
export function createVapidSigner(keys: VapidKeys, now: () => number = Date.now) {
  checkVapidKeys(keys);
  const cache = new Map<string, { header: string; renewAt: number }>();
  const lifetimeSeconds = 12 * 3600; // RFC 8292 §2: at most 24 hours

  return function authorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const cached = cache.get(audience);
    if (cached && cached.renewAt > now()) return cached.header;
    const expiresAt = Math.floor(now() / 1000) + lifetimeSeconds;
    const { Authorization: header } = webpush.getVapidHeaders(audience, keys.subject, keys.publicKey, keys.privateKey, 'aes128gcm', expiresAt);
    cache.set(audience, { header, renewAt: now() + (lifetimeSeconds - 3600) * 1000 });
    return header;
  };
}

/** A response from an HTTP call: status, headers and the body as text. */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Kept-alive sockets per protocol shared by the push providers. */
export const pushSockets = 128;

/** Keep-alive agents shared by the push providers: one connection pool per protocol. */
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: pushSockets }),
  https: new https.Agent({ keepAlive: true, maxSockets: pushSockets }),
};

/** Sets the kept-alive sockets per protocol of the push providers (benchmarks compare counts). */
export function setPushSockets(count: number): void {
  agents.http.maxSockets = count;
  agents.https.maxSockets = count;
}

/** The kept-alive sockets per protocol of the push providers now. */
export function currentPushSockets(): number {
  return agents.http.maxSockets;
}

/** POSTs a body over a kept-alive connection, with a time-out; rejects only on network failure. */
export function post(url: string | URL, headers: Record<string, string>, body: Buffer | string, timeoutMs = 10_000): Promise<HttpAnswer> {
  const target = typeof url === 'string' ? new URL(url) : url;
  const secure = target.protocol === 'https:';
  const payload = typeof body === 'string' ? Buffer.from(body) : body;
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      target,
      { method: 'POST', agent: secure ? agents.https : agents.http, headers: { ...headers, 'Content-Length': String(payload.length) }, timeout: timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** Reads a Retry-After header given in seconds. */
export function retryAfterOf(headers: http.IncomingHttpHeaders): number | undefined {
  const value = Number(headers['retry-after']);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Parses the push token of a web device: the subscription JSON the browser gave. */
export function parseSubscription(token: string): WebPushSubscription | undefined {
  try {
    const value = JSON.parse(token) as Partial<WebPushSubscription>;
    if (typeof value.endpoint !== 'string' || !/^https?:\/\//.test(value.endpoint)) return undefined;
    if (typeof value.keys?.p256dh !== 'string' || typeof value.keys?.auth !== 'string') return undefined;
    return { endpoint: value.endpoint, keys: { p256dh: value.keys.p256dh, auth: value.keys.auth } };
  } catch {
    return undefined;
  }
}

/** Sends Web Push messages to browser subscriptions (RFC 8030 §5), signed with VAPID. */
export function createWebPushProvider(keys: VapidKeys, options: { timeoutMs?: number } = {}) {
  const authorization = createVapidSigner(keys);
  return {
    name: 'webpush' as const,
    /** Encrypts `content` for the subscription in `token` and posts it to its push service. */
    async send(token: string, content: PushContent): Promise<SendOutcome> {
      const subscription = parseSubscription(token);
      if (!subscription) return { ok: false, gone: true, retryable: false, error: 'webpush.invalid-subscription' };
      const plaintext = Buffer.from(JSON.stringify({ title: content.title, body: content.body, url: content.url ?? undefined, data: content.data ?? {} }));
      if (plaintext.length > maxWebPushPayload) return { ok: false, gone: false, retryable: false, error: 'webpush.payload-too-large' };
      let request: { headers: Record<string, string>; body: Buffer };
      try {
        request = encryptedRequest(subscription, plaintext, content);
      } catch {
        return { ok: false, gone: true, retryable: false, error: 'webpush.invalid-subscription' };
      }
      const headers = { ...request.headers, Authorization: authorization(subscription.endpoint) };
      let answer: HttpAnswer;
      try {
        answer = await post(subscription.endpoint, headers, request.body, options.timeoutMs);
      } catch (error) {
        return { ok: false, gone: false, retryable: true, error: `webpush.network: ${(error as Error).message}` };
      }
      return webPushOutcome(answer);
    },
  };
}

/** Reads a push service's answer (RFC 8030 §5, §8.3). */
export function webPushOutcome(answer: HttpAnswer): SendOutcome {
  if (answer.status >= 200 && answer.status < 300) {
    const location = answer.headers.location;
    return { ok: true, providerMessageId: typeof location === 'string' ? location : undefined };
  }
  if (answer.status === 404 || answer.status === 410) return { ok: false, gone: true, retryable: false, error: `webpush.${answer.status}` };
  if (answer.status === 429 || answer.status >= 500) {
    return { ok: false, gone: false, retryable: true, error: `webpush.${answer.status}`, retryAfterSeconds: retryAfterOf(answer.headers) };
  }
  return { ok: false, gone: false, retryable: false, error: `webpush.${answer.status}` };
}
