import { createECDH, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { jwtVerify } from 'jose';

/**
 * Local stand-ins for the push services, written from the public protocols and independent of
 * the providers under test: an OAuth2 token endpoint plus FCM HTTP v1 messages:send, and a Web
 * Push service that checks the VAPID JWT and decrypts each payload with the subscription's keys.
 */

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export interface FcmMessageSeen {
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
}

/** A fake Google: `/token` (JWT-bearer grant) and `/v1/projects/{p}/messages:send`. */
export async function startFakeFcm(options: { project?: string; tokenLifetime?: number } = {}) {
  const project = options.project ?? 'vigil-test';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const issued = new Set<string>();
  const held = new Set<http.ServerResponse>();
  const state = {
    tokenExchanges: 0,
    /** Tokens sent to, in order; `received` keeps the messages the fake accepted. */
    received: [] as FcmMessageSeen[],
    attempts: 0,
    rejectedAssertions: 0,
    /** Access tokens that the fake answers 401 to once (to test re-exchange). */
    revoke(token: string) {
      issued.delete(token);
    },
    lastAccessToken: '',
    /** Device tokens whose messages are held without an answer, as by a service that hangs, while listed. */
    hanging: new Set<string>(),
    /** What happened to held messages, in order (`held:<token>`, `closed:<token>`); a test may add its own marks. */
    events: [] as string[],
  };
  let url = '';
  const server = http.createServer(async (request, response) => {
    const raw = await readBody(request);
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.url === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(raw.toString());
      try {
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Error('grant');
        const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', publicKey, { audience: `${url}/token`, issuer: 'vigil@vigil-test.iam.gserviceaccount.com' });
        if (protectedHeader.alg !== 'RS256' || protectedHeader.kid !== 'key-1') throw new Error('header');
        if (payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging') throw new Error('scope');
        if ((payload.exp ?? 0) - (payload.iat ?? 0) > 3600) throw new Error('lifetime');
      } catch {
        state.rejectedAssertions++;
        return reply(400, { error: 'invalid_grant' });
      }
      state.tokenExchanges++;
      const token = `ya29.${randomBytes(12).toString('hex')}`;
      issued.add(token);
      state.lastAccessToken = token;
      return reply(200, { access_token: token, expires_in: options.tokenLifetime ?? 3599, token_type: 'Bearer' });
    }
    if (request.url === `/v1/projects/${project}/messages:send` && request.method === 'POST') {
      state.attempts++;
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!bearer || !issued.has(bearer)) return reply(401, { error: { code: 401, status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' } });
      const { message } = JSON.parse(raw.toString()) as { message: { token: string; notification: { title: string; body: string }; data: Record<string, string> } };
      if (message.token.startsWith('gone-')) {
        return reply(404, {
          error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] },
        });
      }
      if (state.hanging.has(message.token)) {
        state.events.push(`held:${message.token}`);
        held.add(response);
        request.socket.once('close', () => {
          held.delete(response);
          state.events.push(`closed:${message.token}`);
        });
        return; // no answer; the socket stays open until the caller gives up
      }
      if (message.token.startsWith('busy-')) {
        response.setHeader('Retry-After', '7');
        return reply(503, { error: { code: 503, status: 'UNAVAILABLE', message: 'The service is currently unavailable.', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNAVAILABLE' }] } });
      }
      state.received.push({ token: message.token, title: message.notification.title, body: message.notification.body, data: message.data });
      return reply(200, { name: `projects/${project}/messages/${state.received.length}` });
    }
    reply(404, { error: { code: 404, status: 'NOT_FOUND' } });
  });
  url = await listen(server);
  const serviceAccount = {
    type: 'service_account',
    project_id: project,
    private_key_id: 'key-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'vigil@vigil-test.iam.gserviceaccount.com',
    client_id: '1',
    token_uri: `${url}/token`,
  };
  return {
    url,
    serviceAccount,
    state,
    /** Closes the connections of the held messages without an answer, as when their sender dies. */
    dropHeld() {
      for (const response of held) response.socket?.destroy();
    },
    close: () => close(server),
  };
}

/** A browser's push subscription with its private side, as the user agent would keep it. */
export function newSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    subscription: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
    privateKey: ecdh.getPrivateKey(),
  };
}

/**
 * What the user agent does with an aes128gcm push message (RFC 8291 §3.4, RFC 8188 §2), through
 * http_ece rather than our code, so that the sender is checked by an implementation of its own.
 */
export function decryptPush(body: Buffer, uaPrivateKey: Buffer, authSecret: Buffer): Buffer {
  // RFC 8030 §7.2: a push service takes 4096 octets of payload at most, one aes128gcm record.
  if (body.length > 4096) throw new Error('more than 4096 octets');
  const ua = createECDH('prime256v1');
  ua.setPrivateKey(uaPrivateKey);
  return ece.decrypt(body, { version: 'aes128gcm', privateKey: ua, authSecret });
}

/** A Web Push service: `/push/{id}` for subscriptions registered with `subscribe`, 410 for others. */
export async function startFakePushService(vapidPublicKey: string) {
  const subscriptions = new Map<string, { privateKey: Buffer; auth: Buffer }>();
  const state = {
    received: [] as { id: string; payload: unknown; ttl: string | undefined; urgency: string | undefined }[],
    refused: [] as string[],
    /** Subscriptions whose messages are held without an answer while listed. */
    hanging: new Set<string>(),
  };
  let url = '';
  const vapidKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: Buffer.from(vapidPublicKey, 'base64url').subarray(1, 33).toString('base64url'), y: Buffer.from(vapidPublicKey, 'base64url').subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const server = http.createServer(async (request, response) => {
    const body = await readBody(request);
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const subscription = id ? subscriptions.get(id) : undefined;
    if (id && state.hanging.has(id)) return; // no answer; the socket stays open until the caller gives up
    if (!id || !subscription) {
      response.writeHead(410).end();
      return;
    }
    // RFC 8292 §3: Authorization: vapid t=<JWT>, k=<public key>.
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(request.headers.authorization ?? '');
    try {
      if (!match || match[2] !== vapidPublicKey) throw new Error('vapid header');
      const { payload, protectedHeader } = await jwtVerify(match[1], vapidKey, { audience: url, algorithms: ['ES256'] });
      if (protectedHeader.alg !== 'ES256') throw new Error('alg');
      if (!payload.exp || payload.exp - Date.now() / 1000 > 24 * 3600) throw new Error('exp');
      if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('sub');
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('encoding');
      if (!request.headers.ttl) throw new Error('ttl');
      const plaintext = decryptPush(body, subscription.privateKey, subscription.auth);
      state.received.push({ id, payload: JSON.parse(plaintext.toString('utf8')), ttl: request.headers.ttl as string, urgency: request.headers.urgency as string | undefined });
    } catch (error) {
      state.refused.push(`${id}: ${(error as Error).message}`);
      response.writeHead(403).end();
      return;
    }
    response.writeHead(201, { Location: `${url}/message/${state.received.length}` }).end();
  });
  url = await listen(server);
  return {
    url,
    state,
    /** A new subscription on this service, as a browser would create it. */
    subscribe(id: string) {
      const created = newSubscription(`${url}/push/${id}`);
      subscriptions.set(id, { privateKey: created.privateKey, auth: Buffer.from(created.subscription.keys.auth, 'base64url') });
      return created.subscription;
    },
    unsubscribe(id: string) {
      subscriptions.delete(id);
    },
    close: () => close(server),
  };
}

/** A fresh VAPID key pair, base64url as the configuration takes it. */
export function newVapidKeys() {
  // Through JWK so that d keeps its leading zero bytes (always 32 bytes).
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { publicKey: publicKey.toString('base64url'), privateKey: jwk.d!, subject: 'mailto:push@vigil.test' };
}

/** The configuration that routes phones to `fcm` and, given VAPID keys, browsers to Web Push. */
export function providerConfig(fcm: { url: string; serviceAccount: object }, vapid?: ReturnType<typeof newVapidKeys>) {
  return {
    PUSH_PROVIDER: vapid ? 'fcm,webpush' : 'fcm',
    FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(fcm.serviceAccount),
    FCM_ENDPOINT: fcm.url,
    ...(vapid ? { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: vapid.subject } : {}),
  };
}
