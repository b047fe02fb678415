import { z } from 'zod';
import type { AppContext } from '../../context';

/**
 * Settings of the alert workflow, responders, push delivery and bots. They are environment
 * variables like those of server/src/config.ts, read here because they belong to this module;
 * a test or a benchmark passes them as config overrides (`startTestServer({ ALERT_AUTO_CLOSE_SECONDS: 3 })`).
 */
const settingsSchema = z.object({
  /** Seconds after launch at which an open intervention closes by itself (spec §9: 20 minutes). */
  ALERT_AUTO_CLOSE_SECONDS: z.coerce.number().int().min(1).default(1200),
  /** Radius within which responders are alerted, km (spec §9 sample: 0.4). */
  ALERT_DISTANCE_MAX_KM: z.coerce.number().positive().max(50).default(0.4),
  /** Farthest a launched alert's address may move, km (spec §9: 0.3). */
  ALERT_ADDRESS_MAX_MOVE_KM: z.coerce.number().positive().default(0.3),
  /** A position older than this is not trusted for selection, seconds. */
  ALERT_POSITION_FRESH_SECONDS: z.coerce.number().int().positive().default(1800),
  /** Most responders alerted by one launch (the nearest ones). */
  ALERT_MAX_SELECTED: z.coerce.number().int().positive().default(200),
  /** Engaged responders after which later acceptors are too late (trained ones go on stand-by). */
  ALERT_ENOUGH_RESPONDERS: z.coerce.number().int().positive().default(6),
  /** The nearest responders always go straight to the victim. */
  ALERT_DIRECT_RESPONDERS: z.coerce.number().int().min(0).default(2),
  /** Most responders sent to fetch an AED, over the alert and per AED. */
  ALERT_AED_RUNNERS: z.coerce.number().int().min(0).default(3),
  ALERT_AED_RUNNERS_PER_AED: z.coerce.number().int().min(1).default(1),
  /** Longest extra walk the AED detour may add, seconds. */
  ALERT_AED_MAX_DETOUR_SECONDS: z.coerce.number().int().min(0).default(300),
  /** AEDs are looked for within this distance of the victim, km. */
  ALERT_AED_RADIUS_KM: z.coerce.number().positive().default(1),
  /** Walking speed, km/h, and the factor from straight-line to walked distance. */
  ALERT_WALK_SPEED_KMH: z.coerce.number().positive().default(5),
  ALERT_DETOUR_FACTOR: z.coerce.number().min(1).default(1.3),
  /**
   * Automatic escalation of a live alert (off by default): when fewer than MIN_ACCEPTED responders
   * have accepted AFTER_SECONDS after the launch (then after each step), the radius widens by
   * STEP_KM, up to MAX_KM, and the responders newly within reach are alerted.
   */
  ALERT_ESCALATION_ENABLED: z.stringbool().default(false),
  ALERT_ESCALATION_MIN_ACCEPTED: z.coerce.number().int().min(1).default(2),
  ALERT_ESCALATION_AFTER_SECONDS: z.coerce.number().int().min(1).default(60),
  ALERT_ESCALATION_STEP_KM: z.coerce.number().positive().default(0.2),
  ALERT_ESCALATION_MAX_KM: z.coerce.number().positive().max(50).default(1),
  /**
   * Groups that may use the test debug modes (1 test interface, 3 test interface plus bots): options
   * offers those modes to them only, and set-up and launch refuse the modes to anyone else.
   */
  ALERT_DEBUG_MODE_GROUPS: z
    .string()
    .default('1,5,6')
    .transform((value) => value.split(',').map((group) => group.trim()).filter(Boolean).map(Number))
    .pipe(z.array(z.number().int())),
  /** Shortest time between two position refreshes (REFRESH_ALERTS) sent to the dispatchers of one alert, ms. */
  ALERT_POSITION_REFRESH_MS: z.coerce.number().int().min(0).default(2000),
  /** Initial map of the alert screen (spec §9). */
  ALERT_MAP_LAT: z.coerce.number().default(45.75),
  ALERT_MAP_LNG: z.coerce.number().default(3.08),
  ALERT_MAP_ZOOM: z.coerce.number().int().default(11),
  /** Newly registered responders are activated at once (simulations only); by default staff validate them, demo data or not. */
  RESPONDER_AUTO_ACTIVATE: z.stringbool().default(false),
  /** Responder registrations allowed per address and minute (the register call is public). */
  RESPONDER_REGISTER_RATE_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Push messages delivered per batch by the outbox job, and attempts before a message is failed. */
  PUSH_BATCH_SIZE: z.coerce.number().int().positive().default(200),
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  /**
   * Seconds a claimed message stays reserved to its worker: past it, a worker that died mid-send
   * leaves the message to another pass. Keep it well above PUSH_TIMEOUT_MS (an FCM send may take a
   * token exchange and a send, twice), or a slow send could be claimed again while in flight.
   */
  PUSH_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  /** Bots of debug mode 3: how many around the victim, how likely they accept, time compression. */
  BOTS_COUNT: z.coerce.number().int().min(0).max(100).default(8),
  BOTS_ACCEPT_PROBABILITY: z.coerce.number().min(0).max(1).default(0.75),
  /** 1 walks in real time; 60 makes a minute of walking last a second. */
  BOTS_SPEED_FACTOR: z.coerce.number().positive().default(1),
  /** Seconds between two position reports of a walking bot (before time compression). */
  BOTS_REPORT_SECONDS: z.coerce.number().positive().default(15),
});

export type AlertSettings = z.infer<typeof settingsSchema>;

const cache = new WeakMap<object, AlertSettings>();

/** The settings of a context: its config overrides first, then the environment, then the defaults. */
export function alertSettings(ctx: Pick<AppContext, 'config'>): AlertSettings {
  const cached = cache.get(ctx.config);
  if (cached) return cached;
  const source = Object.fromEntries(
    Object.entries({ ...process.env, ...(ctx.config as Record<string, unknown>) }).filter(([, value]) => value !== '' && value !== undefined).map(([key, value]) => [key, typeof value === 'number' || typeof value === 'boolean' ? String(value) : value]),
  );
  const parsed = settingsSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const settings = parsed.data;
  cache.set(ctx.config, settings);
  return settings;
}

/** Walking estimate: metres walked for a straight-line distance, and the seconds it takes. */
export function walking(settings: AlertSettings, straightMetres: number): { metres: number; seconds: number } {
  const metres = straightMetres * settings.ALERT_DETOUR_FACTOR;
  return { metres, seconds: Math.round(metres / ((settings.ALERT_WALK_SPEED_KMH * 1000) / 3600)) };
}
