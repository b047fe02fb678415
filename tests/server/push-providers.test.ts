import crypto, { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccessTokens, createFcmProvider, loadServiceAccount } from '../../server/src/adapters/push/fcm';
import { checkVapidKeys, createWebPushProvider, encryptedRequest } from '../../server/src/adapters/push/webpush';
import { decryptPush, newSubscription, newVapidKeys, startFakeFcm, startFakePushService } from './push-servers';

describe('Web Push encryption (RFC 8291)', () => {
  // RFC 8291 Appendix A: fixed keys and salt, and the exact body the application server sends.
  const vector = {
    plaintext: 'When I grow up, I want to be a watermelon',
    asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
    uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
    uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    salt: 'DGv6ra1nlYgDCS1FRnbzlw',
    body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  };

  it('gives the body of the RFC example byte for byte', () => {
    // The RFC fixes the sender's key pair and the salt, which web-push draws from node:crypto.
    const sender = createECDH('prime256v1');
    sender.setPrivateKey(Buffer.from(vector.asPrivate, 'base64url'));
    sender.generateKeys = (() => sender.getPublicKey()) as typeof sender.generateKeys;
    const ecdh = vi.spyOn(crypto, 'createECDH').mockReturnValueOnce(sender);
    const salt = vi.spyOn(crypto, 'randomBytes').mockImplementationOnce(() => Buffer.from(vector.salt, 'base64url'));
    try {
      const { body, headers } = encryptedRequest({ endpoint: 'https://push.example/abc', keys: { p256dh: vector.uaPublic, auth: vector.auth } }, Buffer.from(vector.plaintext));
      expect(ecdh).toHaveBeenCalled();
      expect(salt).toHaveBeenCalled();
      expect(body.toString('base64url')).toBe(vector.body);
      expect(headers).toMatchObject({ 'Content-Encoding': 'aes128gcm', 'Content-Type': 'application/octet-stream' });
    } finally {
      ecdh.mockRestore();
      salt.mockRestore();
    }
  });

  it('is read back by the user agent side with a fresh salt and key each time', () => {
    const { subscription, privateKey } = newSubscription('https://push.example/abc');
    const first = encryptedRequest(subscription, Buffer.from('hello')).body;
    const second = encryptedRequest(subscription, Buffer.from('hello')).body;
    expect(first.equals(second)).toBe(false);
    expect(decryptPush(first, privateKey, Buffer.from(subscription.keys.auth, 'base64url')).toString()).toBe('hello');
    const tampered = Buffer.from(first);
    tampered[tampered.length - 20] ^= 1;
    expect(() => decryptPush(tampered, privateKey, Buffer.from(subscription.keys.auth, 'base64url'))).toThrow();
  });

  it('refuses VAPID keys that do not belong together', () => {
    const one = newVapidKeys();
    const other = newVapidKeys();
    expect(() => checkVapidKeys(one)).not.toThrow();
    expect(() => checkVapidKeys({ ...one, publicKey: other.publicKey })).toThrow(/does not match/);
    expect(() => checkVapidKeys({ ...one, subject: 'push@vigil.test' })).toThrow(/VAPID_SUBJECT/);
  });
});

describe('Web Push provider against a local push service', () => {
  const vapid = newVapidKeys();
  let service: Awaited<ReturnType<typeof startFakePushService>>;
  beforeAll(async () => {
    service = await startFakePushService(vapid.publicKey);
  });
  afterAll(() => service.close());

  it('delivers an encrypted payload signed with VAPID, with TTL and urgency', async () => {
    const provider = createWebPushProvider(vapid);
    const subscription = service.subscribe('browser-1');
    const outcome = await provider.send(JSON.stringify(subscription), { title: 'Formation', body: 'Session samedi', url: 'https://vigil.test/news', data: { id: '7' }, ttlSeconds: 600 });
    expect(outcome).toMatchObject({ ok: true });
    expect(service.state.refused).toEqual([]);
    expect(service.state.received.at(-1)).toEqual({
      id: 'browser-1',
      payload: { title: 'Formation', body: 'Session samedi', url: 'https://vigil.test/news', data: { id: '7' } },
      ttl: '600',
      urgency: 'high',
    });
  });

  it('reports a subscription the service no longer knows (410) as gone', async () => {
    const provider = createWebPushProvider(vapid);
    const subscription = service.subscribe('browser-2');
    service.unsubscribe('browser-2');
    expect(await provider.send(JSON.stringify(subscription), { title: 't', body: 'b' })).toEqual({ ok: false, gone: true, retryable: false, error: 'webpush.410' });
  });

  it('is refused by the service when signed with another key', async () => {
    const provider = createWebPushProvider(newVapidKeys());
    const subscription = service.subscribe('browser-3');
    const outcome = await provider.send(JSON.stringify(subscription), { title: 't', body: 'b' });
    expect(outcome).toMatchObject({ ok: false, gone: false, retryable: false, error: 'webpush.403' });
    expect(service.state.refused.at(-1)).toMatch(/^browser-3: vapid header/);
  });

  it('treats a token that is not a subscription as gone and a payload too large as failed', async () => {
    const provider = createWebPushProvider(vapid);
    expect(await provider.send('not json', { title: 't', body: 'b' })).toMatchObject({ ok: false, gone: true, error: 'webpush.invalid-subscription' });
    const subscription = service.subscribe('browser-4');
    expect(await provider.send(JSON.stringify(subscription), { title: 't', body: 'x'.repeat(5000) })).toMatchObject({ ok: false, gone: false, error: 'webpush.payload-too-large' });
  });
});

describe('FCM HTTP v1 provider against a local Google', () => {
  let fcm: Awaited<ReturnType<typeof startFakeFcm>>;
  beforeAll(async () => {
    fcm = await startFakeFcm();
  });
  afterAll(() => fcm.close());

  it('reads the service account from JSON and names what is missing', () => {
    expect(loadServiceAccount({ json: JSON.stringify(fcm.serviceAccount) }).project_id).toBe('vigil-test');
    expect(() => loadServiceAccount({ json: JSON.stringify({ ...fcm.serviceAccount, client_email: '' }) })).toThrow(/client_email/);
    expect(() => loadServiceAccount({})).toThrow(/FCM_SERVICE_ACCOUNT/);
  });

  it('exchanges a signed assertion for a token once and reuses it', async () => {
    const provider = createFcmProvider(fcm.serviceAccount, { endpoint: fcm.url });
    const before = fcm.state.tokenExchanges;
    const outcomes = await Promise.all(['a', 'b', 'c'].map((token) => provider.send(`device-${token}`, { title: 'Alerte test', body: 'Bonjour', url: 'https://vigil.test', data: { id: '3' } })));
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true]);
    expect(fcm.state.tokenExchanges - before).toBe(1);
    expect(fcm.state.rejectedAssertions).toBe(0);
    expect(fcm.state.received.find((message) => message.token === 'device-a')).toEqual({ token: 'device-a', title: 'Alerte test', body: 'Bonjour', data: { id: '3', url: 'https://vigil.test' } });
    expect(outcomes[0]).toMatchObject({ providerMessageId: expect.stringMatching(/^projects\/vigil-test\/messages\/\d+$/) });
  });

  it('exchanges a new token after a 401 and sends again', async () => {
    const provider = createFcmProvider(fcm.serviceAccount, { endpoint: fcm.url });
    await provider.send('device-d', { title: 't', body: 'b' });
    fcm.state.revoke(fcm.state.lastAccessToken);
    const exchanges = fcm.state.tokenExchanges;
    expect(await provider.send('device-e', { title: 't', body: 'b' })).toMatchObject({ ok: true });
    expect(fcm.state.tokenExchanges).toBe(exchanges + 1);
  });

  it('renews the token when it is about to expire', async () => {
    let now = Date.now();
    const tokens = createAccessTokens(fcm.serviceAccount, () => now);
    const first = await tokens.get();
    expect(await tokens.get()).toBe(first);
    now += 3600 * 1000;
    expect(await tokens.get()).not.toBe(first);
  });

  it('reports UNREGISTERED as a gone token and UNAVAILABLE as retryable', async () => {
    const provider = createFcmProvider(fcm.serviceAccount, { endpoint: fcm.url });
    expect(await provider.send('gone-1', { title: 't', body: 'b' })).toEqual({ ok: false, gone: true, retryable: false, error: 'fcm.UNREGISTERED' });
    expect(await provider.send('busy-1', { title: 't', body: 'b' })).toEqual({ ok: false, gone: false, retryable: true, error: 'fcm.UNAVAILABLE', retryAfterSeconds: 7 });
  });

  it('fails without sending when Google refuses the assertion', async () => {
    const provider = createFcmProvider({ ...fcm.serviceAccount, client_email: 'intruder@example.com' }, { endpoint: fcm.url });
    const attempts = fcm.state.attempts;
    const outcome = await provider.send('device-f', { title: 't', body: 'b' });
    expect(outcome).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/token exchange failed with 400/) });
    expect(fcm.state.attempts).toBe(attempts);
  });
});
