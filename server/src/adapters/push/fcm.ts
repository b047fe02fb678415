import { readFileSync } from 'node:fs';
import { SignJWT, importPKCS8 } from 'jose';
import { post, retryAfterOf, type HttpAnswer, type PushContent, type SendOutcome } from './webpush';

/** The fields of a Google service-account key file that the OAuth2 JWT-bearer flow uses. */
export interface ServiceAccount {
  project_id: string;
  private_key_id?: string;
  private_key: string;
  client_email: string;
  token_uri: string;
}

const scope = 'https://www.googleapis.com/auth/firebase.messaging';
const defaultEndpoint = 'https://fcm.googleapis.com';

/** Reads the service account from FCM_SERVICE_ACCOUNT_JSON or the file FCM_SERVICE_ACCOUNT_FILE. */
export function loadServiceAccount(source: { json?: string; file?: string }): ServiceAccount {
  const text = source.json ?? (source.file ? readFileSync(source.file, 'utf8') : undefined);
  if (!text) throw new Error('FCM needs FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE');
  const account = JSON.parse(text) as Partial<ServiceAccount>;
  for (const field of ['project_id', 'private_key', 'client_email', 'token_uri'] as const) {
    if (typeof account[field] !== 'string' || account[field] === '') throw new Error(`FCM service account has no ${field}`);
  }
  return account as ServiceAccount;
}

/**
 * OAuth2 access tokens for a service account (RFC 7523 JWT bearer grant at the account's
 * token_uri), cached until a minute before they expire; concurrent callers share one exchange.
 */
export function createAccessTokens(account: ServiceAccount, now: () => number = Date.now, timeoutMs?: number) {
  let key: ReturnType<typeof importPKCS8> | undefined;
  let current: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function exchange(): Promise<string> {
    key ??= importPKCS8(account.private_key, 'RS256');
    const issuedAt = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) })
      .setIssuer(account.client_email)
      .setAudience(account.token_uri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(await key);
    const form = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString();
    const answer = await post(account.token_uri, { 'Content-Type': 'application/x-www-form-urlencoded' }, form, timeoutMs);
    if (answer.status !== 200) throw new Error(`FCM token exchange failed with ${answer.status}: ${answer.body.slice(0, 200)}`);
    const body = JSON.parse(answer.body) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('FCM token exchange answered without access_token');
    current = { token: body.access_token, renewAt: now() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000 };
    return body.access_token;
  }

  return {
    async get(): Promise<string> {
      if (current && current.renewAt > now()) return current.token;
      pending ??= exchange().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    /** Forgets the cached token (after a 401), so that the next call exchanges a new one. */
    invalidate(token: string): void {
      if (current?.token === token) current = undefined;
    },
  };
}

/** The FcmError code of an HTTP v1 error body, if any. */
function fcmErrorCode(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { error?: { status?: string; details?: { '@type'?: string; errorCode?: string }[] } };
    const detail = parsed.error?.details?.find((item) => item['@type']?.endsWith('google.firebase.fcm.v1.FcmError'));
    return detail?.errorCode ?? parsed.error?.status;
  } catch {
    return undefined;
  }
}

/** Reads a messages:send answer (FCM HTTP v1 error codes). */
export function fcmOutcome(answer: HttpAnswer): SendOutcome {
  if (answer.status === 200) {
    try {
      return { ok: true, providerMessageId: (JSON.parse(answer.body) as { name?: string }).name };
    } catch {
      return { ok: true };
    }
  }
  const code = fcmErrorCode(answer.body) ?? String(answer.status);
  // UNREGISTERED: the app was uninstalled or the token expired; SENDER_ID_MISMATCH: the token
  // belongs to another project. Either way the token will never work again.
  if (code === 'UNREGISTERED' || code === 'SENDER_ID_MISMATCH' || (answer.status === 404 && code === 'NOT_FOUND')) {
    return { ok: false, gone: true, retryable: false, error: `fcm.${code}` };
  }
  if (answer.status === 400 && /registration token/i.test(answer.body)) return { ok: false, gone: true, retryable: false, error: `fcm.${code}` };
  if (answer.status === 429 || answer.status >= 500) {
    return { ok: false, gone: false, retryable: true, error: `fcm.${code}`, retryAfterSeconds: retryAfterOf(answer.headers) };
  }
  return { ok: false, gone: false, retryable: false, error: `fcm.${code}` };
}

/** The messages:send body for one device (FCM HTTP v1 Message resource). */
export function fcmMessage(token: string, content: PushContent) {
  const data: Record<string, string> = { ...(content.data ?? {}) };
  if (content.url) data.url = content.url;
  const ttl = content.ttlSeconds ?? 86_400;
  return {
    message: {
      token,
      notification: { title: content.title, body: content.body },
      data,
      android: { priority: content.urgency === 'low' || content.urgency === 'very-low' ? 'normal' : 'high', ttl: `${ttl}s` },
      apns: {
        headers: { 'apns-priority': content.urgency === 'low' || content.urgency === 'very-low' ? '5' : '10', 'apns-expiration': String(Math.floor(Date.now() / 1000) + ttl) },
        payload: { aps: { sound: 'default' } },
      },
    },
  };
}

/**
 * Sends to Android and iOS devices through Firebase Cloud Messaging HTTP v1:
 * POST {endpoint}/v1/projects/{project}/messages:send with an OAuth2 bearer token.
 * `endpoint` is https://fcm.googleapis.com unless FCM_ENDPOINT points elsewhere (tests, proxies).
 */
export function createFcmProvider(account: ServiceAccount, options: { endpoint?: string; timeoutMs?: number } = {}) {
  const tokens = createAccessTokens(account, Date.now, options.timeoutMs);
  const url = new URL(`${(options.endpoint ?? defaultEndpoint).replace(/\/$/, '')}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`);

  async function attempt(body: string): Promise<{ answer: HttpAnswer; accessToken: string }> {
    const accessToken = await tokens.get();
    const answer = await post(url, { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json; charset=UTF-8' }, body, options.timeoutMs);
    return { answer, accessToken };
  }

  return {
    name: 'fcm' as const,
    /** Sends one message to one registration token. */
    async send(deviceToken: string, content: PushContent): Promise<SendOutcome> {
      const body = JSON.stringify(fcmMessage(deviceToken, content));
      try {
        let { answer, accessToken } = await attempt(body);
        if (answer.status === 401) {
          // The access token was revoked or expired early: exchange a new one and try once more.
          tokens.invalidate(accessToken);
          ({ answer, accessToken } = await attempt(body));
        }
        return fcmOutcome(answer);
      } catch (error) {
        return { ok: false, gone: false, retryable: true, error: `fcm.network: ${(error as Error).message}` };
      }
    },
  };
}
