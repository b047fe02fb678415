import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../context';
import { storeDiploma } from '../../modules/validation/diplomas';
import { rowsOf } from '../database';
import { news, notifications } from '../schema/notifications';
import { responderDevices, responders } from '../schema/responders';
import { testers } from '../schema/testers';
import type { SeededAccounts } from './accounts';

/** E-mail domain of the responders this seed creates. */
export const communityDomain = 'community.vigil.test';

const waiting = [
  { firstName: 'Élise', lastName: 'Marchand', trained: 'trained', diploma: 'PSC1', site: 'publicApp', os: 'android' },
  { firstName: 'Karim', lastName: 'Benali', trained: 'trained', diploma: 'SST', site: 'publicApp', os: 'ios' },
  { firstName: 'Sophie', lastName: 'Lemoine', trained: 'trained', diploma: 'PSE1', site: 'publicApp', os: 'android', jpeg: true },
  { firstName: 'Antoine', lastName: 'Giraud', trained: 'trainedWithoutDiploma', site: 'publicApp', os: 'ios' },
  { firstName: 'Maëlle', lastName: 'Perrin', trained: 'trained', diploma: 'PSC1', site: 'publicApp', os: 'android' },
  { firstName: 'Yanis', lastName: 'Fabre', trained: 'untrained', site: 'publicApp', os: 'android' },
  { firstName: 'Clara', lastName: 'Chevalier', trained: 'trained', diploma: 'AFGSU 2', site: 'publicApp', os: 'ios' },
  { firstName: 'Mathis', lastName: 'Rolland', trained: 'trained', diploma: 'PSC1', site: 'codis63', os: 'android' },
  { firstName: 'Jeanne', lastName: 'Colin', trained: 'trainedWithoutDiploma', site: 'codis63', os: 'ios' },
  { firstName: 'Bastien', lastName: 'Renard', trained: 'trained', diploma: 'PSE2', site: 'sdis03', os: 'android' },
  { firstName: 'Lou', lastName: 'Aubert', trained: 'untrained', site: 'sdis03', os: 'ios' },
  { firstName: 'Noé', lastName: 'Meunier', trained: 'trained', diploma: 'SST', site: 'publicApp', os: 'android' },
] as const;

const testerPhones = [
  // Zipcodes as the gazetteer gives them for these positions (subUnsub asks it; the seed need not).
  { firstName: 'Tania', lastName: 'Tester', os: 'android', lat: 45.7797, lon: 3.0863, zipcode: '63000' },
  { firstName: 'Igor', lastName: 'Essai', os: 'ios', lat: 45.7597, lon: 3.1311, zipcode: '63170' },
  { firstName: 'Wanda', lastName: 'Webb', os: 'web', lat: 46.1276, lon: 3.4264, zipcode: '03200' },
] as const;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A small diploma image: a certificate with the course and the holder's name. */
async function diplomaImage(course: string, holder: string, jpeg: boolean): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="420">
    <rect width="600" height="420" fill="#fdf8e8"/><rect x="15" y="15" width="570" height="390" fill="none" stroke="#8a6d1f" stroke-width="6"/>
    <text x="300" y="100" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#333">Certificat de compétences</text>
    <text x="300" y="160" font-family="sans-serif" font-size="40" text-anchor="middle" fill="#8a6d1f">${escapeXml(course)}</text>
    <text x="300" y="230" font-family="sans-serif" font-size="26" text-anchor="middle">${escapeXml(holder)}</text>
    <text x="60" y="350" font-family="sans-serif" font-size="16" fill="#555">Délivré à Clermont-Ferrand</text>
    <circle cx="490" cy="320" r="48" fill="#c0392b"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return jpeg ? image.jpeg({ quality: 80 }).toBuffer() : image.png({ compressionLevel: 9, palette: true }).toBuffer();
}

const deviceToken = () => createHash('sha256').update(randomBytes(24)).digest('hex');

/**
 * The responder community of the demo (issue 7): responders waiting for validation with their
 * diploma images, three testers' phones, notifications in every status with their messages in the
 * outbox, and the staff app's news in fr, en and de.
 */
export async function seedCommunity(ctx: AppContext, accounts: SeededAccounts): Promise<void> {
  const db = ctx.database.db;
  const storeFiles = !ctx.config.DATA_DIR.startsWith('memory:');

  for (const [index, person] of waiting.entries()) {
    const email = `${person.firstName}.${person.lastName}`.normalize('NFD').replace(/[^\w.]/g, '').toLowerCase() + `@${communityDomain}`;
    const [row] = await db
      .insert(responders)
      .values({
        idSite: accounts[person.site],
        firstName: person.firstName,
        lastName: person.lastName,
        email,
        phone: `+3367${String(1_000_000 + index * 7919).padStart(7, '0')}`,
        age: 19 + ((index * 7) % 40),
        gender: index % 2 === 0 ? 'female' : 'male',
        trainedStatus: person.trained,
        accountStatus: 'waiting',
        language: 'fr',
        createdAt: new Date(Date.now() - (waiting.length - index) * 36 * 3600 * 1000),
      })
      .returning({ id: responders.id });
    if ('diploma' in person && storeFiles) {
      const jpeg = 'jpeg' in person;
      const bytes = await diplomaImage(person.diploma, `${person.firstName} ${person.lastName}`, jpeg);
      const reference = await storeDiploma(ctx.config.DATA_DIR, `responder-${row.id}-${randomBytes(4).toString('hex')}.${jpeg ? 'jpg' : 'png'}`, bytes);
      await db.execute(sql`UPDATE responders SET diploma_file = ${reference} WHERE id = ${row.id}`);
    }
    await db.insert(responderDevices).values({ responderId: row.id, os: person.os, pushToken: `demo-${randomBytes(12).toString('hex')}`, buildVersion: '816', udid: `demo-waiting-${index + 1}`, tokenHash: deviceToken() });
  }

  for (const [index, person] of testerPhones.entries()) {
    const [row] = await db
      .insert(responders)
      .values({
        idSite: accounts.publicApp,
        firstName: person.firstName,
        lastName: person.lastName,
        email: `${person.firstName}.${person.lastName}@${communityDomain}`.toLowerCase(),
        phone: `+3361234560${index}`,
        trainedStatus: 'trained',
        accountStatus: 'activated',
        certificated: true,
        isTester: true,
        language: 'fr',
      })
      .returning({ id: responders.id });
    const pushToken =
      person.os === 'web'
        ? JSON.stringify({ endpoint: `https://push.example.invalid/wpush/${randomBytes(8).toString('hex')}`, keys: { p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4', auth: 'BTBZMqHH6r4Tts7J_aSIgg' } })
        : `demo-${randomBytes(12).toString('hex')}`;
    const udid = `demo-tester-${index + 1}`;
    const [device] = await db
      .insert(responderDevices)
      .values({ responderId: row.id, os: person.os, pushToken, buildVersion: '816', udid, tokenHash: deviceToken(), lastSeenAt: new Date() })
      .returning({ id: responderDevices.id });
    await db.execute(sql`INSERT INTO responder_positions (responder_id, lat, lon, earth, accuracy, available)
                         VALUES (${row.id}, ${person.lat}, ${person.lon}, ll_to_earth(${person.lat}, ${person.lon}), 20, true)`);
    await db.insert(testers).values({ responderId: row.id, deviceId: device.id, udid, name: `${person.firstName} ${person.lastName}`, phone: `+3361234560${index}`, zipcode: person.zipcode });
  }

  await seedNotifications(ctx, accounts);

  const texts = {
    en: { title: 'New: responder validation and push notifications', content: 'Validate citizen responders with their diploma, and compose, schedule and follow push notifications from the Admin menu.' },
    fr: { title: 'Nouveau : validation des citoyens sauveteurs et notifications', content: 'Validez les citoyens sauveteurs avec leur diplôme, et composez, programmez et suivez les notifications push depuis le menu Admin.' },
    de: { title: 'Neu: Freigabe der Ersthelfer und Push-Nachrichten', content: 'Geben Sie Ersthelfer mit ihrem Nachweis frei und erstellen, planen und verfolgen Sie Push-Nachrichten im Admin-Menü.' },
  };
  const previous = {
    en: { title: 'Welcome to Vigil', content: 'The back office of the citizen-responder programme.' },
    fr: { title: 'Bienvenue dans Vigil', content: 'Le back-office du programme des citoyens sauveteurs.' },
    de: { title: 'Willkommen bei Vigil', content: 'Das Back-Office des Ersthelfer-Programms.' },
  };
  await db.insert(news).values(
    (['en', 'fr', 'de'] as const).flatMap((language) => [
      { tag: 'backoffice', language, version: 1, ...previous[language], link: null, publishedAt: new Date(Date.now() - 30 * 86_400_000) },
      { tag: 'backoffice', language, version: 2, ...texts[language], link: '/admin/notification/list' },
    ]),
  );
}

/** Notifications in every status on the public app, with outbox messages matching their counters. */
async function seedNotifications(ctx: AppContext, accounts: SeededAccounts): Promise<void> {
  const db = ctx.database.db;
  const day = 86_400_000;
  const base = {
    idSite: accounts.publicApp,
    osDevice: 'all',
    sendingType: 'multiple',
    engagementLevel: 'all',
    accountStatus: 'activated',
    fakeBatch: 500,
    language: 'fr',
    buildVersion: '816',
  } as const;
  const plan = [
    { title: 'Formation PSC1 gratuite', messageType: 'training', message: 'Une session de formation aux premiers secours est ouverte à Clermont-Ferrand le mois prochain.', distribution: 'programmed', programmedAt: null, status: 'draft', age: 1 },
    { title: 'Journée mondiale du cœur', messageType: 'event', message: 'Le 29 septembre, retrouvez-nous place de Jaude pour des initiations aux gestes qui sauvent.', distribution: 'programmed', programmedAt: new Date(Date.now() + 7 * day), status: 'planned', age: 2 },
    { title: 'Nouvelle version de l’application', messageType: 'appUpdate', message: 'La version 817 améliore le guidage vers les défibrillateurs. Pensez à mettre à jour.', distribution: 'immediate', programmedAt: null, status: 'stopped', age: 3, url: 'https://vigil.test/app' },
    { title: 'Merci pour votre engagement', messageType: 'information', message: 'Grâce à vous, 42 victimes ont été prises en charge plus vite ce trimestre.', distribution: 'immediate', programmedAt: null, status: 'sent', age: 10 },
    { title: 'Enquête de satisfaction', messageType: 'survey', message: 'Donnez-nous votre avis sur l’application en 3 minutes.', distribution: 'programmed', programmedAt: new Date(Date.now() - 20 * day), status: 'sentBlocked', age: 21, url: 'https://vigil.test/survey' },
  ] as const;
  for (const item of plan) {
    const createdAt = new Date(Date.now() - item.age * day);
    const started = item.status === 'stopped' || item.status === 'sent' || item.status === 'sentBlocked';
    const [row] = await db
      .insert(notifications)
      .values({
        ...base,
        title: item.title,
        messageType: item.messageType,
        message: item.message,
        url: 'url' in item ? item.url : null,
        distribution: item.distribution,
        programmedAt: item.programmedAt,
        status: item.status,
        createdAt,
        updatedAt: createdAt,
        startedAt: started ? createdAt : null,
        finishedAt: item.status === 'sent' || item.status === 'sentBlocked' ? new Date(createdAt.getTime() + 60_000) : null,
      })
      .returning({ id: notifications.id });
    if (!started) continue;
    // Messages to the first activated devices of the public app: sent, failed, or held while stopped.
    const payload = JSON.stringify({ title: item.title, body: item.message, url: 'url' in item ? item.url : null, data: { kind: 'notification', notificationId: String(row.id), messageType: item.messageType }, ttlSeconds: 86_400, urgency: 'normal' });
    const [counts] = await rowsOf<{ sent: number; failed: number; total: number }>(
      db,
      sql`WITH targets AS (
            SELECT d.id AS device_id, r.id AS responder_id, row_number() OVER (ORDER BY d.id) AS n
              FROM responder_devices d JOIN responders r ON r.id = d.responder_id
             WHERE r.id_site = ${accounts.publicApp} AND r.account_status = 'activated' AND d.push_token IS NOT NULL AND NOT r.is_bot
             ORDER BY d.id LIMIT 40),
          added AS (
            INSERT INTO push_outbox (device_id, responder_id, notification_id, kind, payload, status, attempts, provider, last_error, next_attempt_at, created_at, sent_at)
            SELECT device_id, responder_id, ${row.id}::int, 'NOTIFICATION', ${payload}::jsonb,
                   CASE WHEN ${item.status} = 'sentBlocked' THEN 'failed' WHEN ${item.status} = 'stopped' AND n > 15 THEN 'held' ELSE 'sent' END,
                   CASE WHEN ${item.status} = 'stopped' AND n > 15 THEN 0 ELSE 1 END,
                   CASE WHEN ${item.status} = 'sentBlocked' THEN 'none' WHEN ${item.status} = 'stopped' AND n > 15 THEN NULL ELSE 'log' END,
                   CASE WHEN ${item.status} = 'sentBlocked' THEN 'no-provider' END,
                   ${createdAt.toISOString()}::timestamptz,
                   ${createdAt.toISOString()}::timestamptz,
                   CASE WHEN ${item.status} <> 'sentBlocked' AND NOT (${item.status} = 'stopped' AND n > 15) THEN ${createdAt.toISOString()}::timestamptz END
              FROM targets
            RETURNING status)
        SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status = 'failed')::int AS failed, count(*)::int AS total FROM added`,
    );
    await db.execute(sql`UPDATE notifications SET recipients = ${counts.total}, sent_count = ${counts.sent}, failed_count = ${counts.failed}, progress_at = ${createdAt.toISOString()}::timestamptz WHERE id = ${row.id}`);
  }
}
