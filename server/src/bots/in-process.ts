import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { Bots } from '../modules/alerts/bots-port';
import { alertSettings } from '../modules/alerts/settings';
import * as responders from '../modules/responders/service';
import { answerAlert, pointAround, type LatLon, type ResponderApi } from './behaviour';

/** The bots running in one context, so that closing the app stops them first. */
const running = new WeakMap<AppContext, { controller: AbortController; tasks: Set<Promise<unknown>> }>();

const firstNames = ['Camille', 'Lucas', 'Léa', 'Hugo', 'Chloé', 'Nathan', 'Manon', 'Louis', 'Inès', 'Jules'];
const trainedStatuses = ['trained', 'trained', 'untrained', 'trainedWithoutDiploma'] as const;

/** The responder API of one bot, through the same service functions the HTTP routes call. */
function serviceApi(ctx: AppContext, responderId: number): ResponderApi {
  const who = { responderId, isBot: true };
  return {
    reportPosition: async (position) => void (await responders.reportPosition(ctx, who, position)),
    offer: (alertId) => responders.offerOn(ctx, responderId, alertId),
    accept: (alertId, position) => responders.accept(ctx, who, alertId, position),
    refuse: (alertId) => responders.refuse(ctx, who, alertId, 'busy'),
    progress: (alertId, status, position) => responders.progress(ctx, who, alertId, status, position),
  };
}

/**
 * Debug mode 3: registers BOTS_COUNT simulated responders (activated, available, with a device)
 * at random places within distanceMax of the victim, before the launch selects them. Returns
 * their responder ids.
 */
export async function spawnBots(ctx: AppContext, victim: LatLon, distanceMaxKm: number): Promise<number[]> {
  const settings = alertSettings(ctx);
  const ids: number[] = [];
  for (let index = 0; index < settings.BOTS_COUNT; index++) {
    const key = randomUUID();
    const { responderId } = await responders.register(
      ctx,
      {
        responder: {
          firstName: firstNames[index % firstNames.length],
          lastName: `Bot ${key.slice(0, 4).toUpperCase()}`,
          email: `bot-${key}@bots.vigil.invalid`,
          phone: `+3360000${String(index).padStart(4, '0')}`,
          trainedStatus: trainedStatuses[index % trainedStatuses.length],
          carriesAed: false,
          language: 'fr',
        },
        device: { os: 'android', pushToken: `bot:${key}`, buildVersion: 'bot', udid: `bot-${key}` },
      },
      { isBot: true },
    );
    await responders.reportPosition(ctx, { responderId, isBot: true }, { ...pointAround(victim, distanceMaxKm * 1000 * 0.85, Math.random), available: true });
    ids.push(responderId);
  }
  return ids;
}

/**
 * Starts the bots on a launched alert. Each answers through the responder service layer, walks,
 * reports, and when done switches itself unavailable (a bot serves one alert).
 */
export function startBots(ctx: AppContext, alertId: number, botIds: number[]): void {
  const settings = alertSettings(ctx);
  let entry = running.get(ctx);
  if (!entry || entry.controller.signal.aborted) {
    entry = { controller: new AbortController(), tasks: new Set() };
    running.set(ctx, entry);
  }
  const { controller, tasks } = entry;
  for (const responderId of botIds) {
    const task = (async () => {
      const me = await responders.state(ctx, responderId);
      const api = serviceApi(ctx, responderId);
      const outcome = await answerAlert(api, alertId, {
        start: { lat: me.lat!, lon: me.lon! },
        acceptProbability: settings.BOTS_ACCEPT_PROBABILITY,
        speedFactor: settings.BOTS_SPEED_FACTOR,
        reportSeconds: settings.BOTS_REPORT_SECONDS,
        walkSpeedKmh: settings.ALERT_WALK_SPEED_KMH,
        detourFactor: settings.ALERT_DETOUR_FACTOR,
        random: Math.random,
        signal: controller.signal,
      });
      ctx.log.debug({ alertId, responderId, outcome }, 'bot done');
      await responders.changeAvailability(ctx, { responderId, isBot: true }, false);
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) ctx.log.warn({ err: error, alertId, responderId }, 'bot stopped on an error');
    });
    tasks.add(task);
    void task.finally(() => tasks.delete(task));
  }
}

/** Stops every bot of the context and waits for them (the app is closing). */
export async function stopBots(ctx: AppContext): Promise<void> {
  const entry = running.get(ctx);
  if (!entry) return;
  entry.controller.abort(new Error('bots stopped'));
  await Promise.allSettled([...entry.tasks]);
  running.delete(ctx);
}

/** The in-process simulator as the context's bots port; `context` is read when a bot is asked for. */
export function inProcessBots(context: () => AppContext): Bots {
  return {
    spawn: (victim, distanceMaxKm) => spawnBots(context(), victim, distanceMaxKm),
    start: (alertId, botIds) => startBots(context(), alertId, botIds),
    stop: () => stopBots(context()),
  };
}
