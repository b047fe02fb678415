import { z } from 'zod';
import { isSafeAttribution } from './modules/tiles/credit';
import { defaultTileUrl } from './modules/tiles/online';

/** Every environment variable Vigil reads, with its default. The README table mirrors this list. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Public address of the SPA, used in mail links and to check the baseUrl a client sends. */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** PostgreSQL connection string; when empty Vigil runs on embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /** How long a request waits for a PostgreSQL connection (a new one, or a free one of the pool) before it answers 503. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  DATA_DIR: z.string().default('./data'),
  /** HMAC secret for session tokens; generated once into DATA_DIR when absent (embedded use only). */
  JWT_SECRET: z.string().min(32, 'config.jwt-secret-too-short').optional(),
  SESSION_HOURS: z.coerce.number().positive().default(12),
  REMEMBER_ME_DAYS: z.coerce.number().positive().default(7),
  /** Seed demo accounts, users and data on first start. */
  DEMO_DATA: z.stringbool().default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** nodemailer SMTP URL (smtp://user:pass@host:port); when empty mails are written to DATA_DIR/mail. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Vigil <no-reply@vigil.local>'),
  /** OpenID Connect issuer for third-party sign-in; off when empty. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Comma-separated e-mail domains allowed to sign in through the OIDC provider. */
  OIDC_ALLOWED_DOMAINS: z.string().default(''),
  OIDC_LABEL: z.string().default('Single sign-on'),
  /** WebSocket path of the real-time hub. */
  WS_PATH: z.string().default('/services/ws'),
  /** Environment name sent by clients in setName, and shown in logs. */
  VIGIL_ENV: z.string().default('local'),
  /**
   * Proxies whose X-Forwarded-For is believed: a hop count (1 = the one load balancer in front), or a
   * comma-separated list of their addresses or ranges (10.0.0.0/8, loopback). Empty: none, the client
   * address is the connection's, which a client cannot choose.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^\s*(\d+|[\w.:/]+(\s*,\s*[\w.:/]+)*)\s*$/, 'config.trust-proxy')
    .optional(),
  /** Sign-in attempts allowed per IP and per minute. */
  SIGNIN_RATE_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /**
   * Geocoder: auto (imported addresses when present, else the BAN service when it answers, else the
   * gazetteer), the offline gazetteer of French communes (commune precision), or a BAN- or
   * Nominatim-compatible service at GEOCODER_URL.
   */
  GEOCODER: z.enum(['auto', 'gazetteer', 'ban', 'nominatim']).default('auto'),
  GEOCODER_URL: z.url().optional(),
  /** Beyond this the HTTP geocoder is given up and the gazetteer answers. */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().positive().default(4000),
  /**
   * Radius of the service area around the alert map's centre (ALERT_MAP_LAT/LNG), km: suggestions
   * beyond it rank after those within, and an address found only beyond it is not used unless its
   * postal code was typed (a homonym far away is never picked silently).
   */
  GEOCODER_AREA_KM: z.coerce.number().positive().default(100),
  /** Push providers, comma-separated: log (embedded: records and logs), fcm (Android, iOS), webpush (browsers). */
  PUSH_PROVIDER: z.string().regex(/^(log|fcm|webpush)(,(log|fcm|webpush))*$/, 'config.push-provider').default('log'),
  /** Beyond this a push service's answer (FCM, Web Push, the FCM token exchange) is given up; the message is retried later. */
  PUSH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** FCM HTTP v1 service account: the key file's path, or its JSON content. */
  FCM_SERVICE_ACCOUNT_FILE: z.string().optional(),
  FCM_SERVICE_ACCOUNT_JSON: z.string().optional(),
  /** Base URL of FCM (https://fcm.googleapis.com when empty); tests and proxies point it elsewhere. */
  FCM_ENDPOINT: z.url().optional(),
  /** Web Push VAPID keys (base64url: 65-byte public point, 32-byte private key) and contact (mailto: or https:). */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  /** Online street basemap: a raster tile URL template ({z}/{x}/{y}, optional {s}), or "none" on a network without Internet. Default: IGN's Plan IGN (Géoplateforme WMTS, no key). */
  TILE_URL: z.string().regex(/^(none|https?:\/\/\S+|\/(?!tiles\/)\S+)$/, 'config.tile-url').default(defaultTileUrl),
  /** Credit shown on the map for TILE_URL: text, with links as <a href="https://…">…</a> only. Default: IGN's when TILE_URL is the default. */
  TILE_ATTRIBUTION: z.string().max(500).refine(isSafeAttribution, 'config.tile-attribution').optional(),
  /** Deepest zoom TILE_URL serves (beyond it Leaflet enlarges the last tiles). */
  TILE_MAX_ZOOM: z.coerce.number().int().min(1).max(22).default(19),
  /** Offline basemap: a PMTiles vector archive served by Vigil at /tiles/basemap.pmtiles; when empty, the first *.pmtiles file of DATA_DIR. */
  TILE_PMTILES: z.string().optional(),
  /** Analytics and error-reporting endpoints for the SPA; off when empty. */
  ANALYTICS_URL: z.string().default(''),
  ERROR_REPORTING_URL: z.string().default(''),
  /** Staff groups that may open the live inspector besides the super administrator, comma-separated (e.g. "6,7"). */
  INSPECTOR_GROUPS: z.string().regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/, 'config.inspector-groups').default(''),
  /** Bearer token that opens GET /metrics on the public listener; without it /metrics is only on METRICS_PORT. */
  METRICS_TOKEN: z.string().min(16, 'config.metrics-token-too-short').optional(),
  /** A listener of its own for GET /metrics (no token), on METRICS_HOST; off when empty. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** A request slower than this is logged at warn (the others at debug). */
  SLOW_REQUEST_MS: z.coerce.number().int().nonnegative().default(1000),
  /** OTLP/HTTP collector (http://collector:4318): traces of HTTP, database and jobs are sent there; nothing is loaded when empty. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().default('vigil'),
  /** Serve the SPA's source maps (*.map); they are built but not served without it. */
  SERVE_SOURCEMAPS: z.stringbool().default(false),
});

export type Config = z.infer<typeof envSchema>;

/** Fastify's `trustProxy` for TRUST_PROXY: false (none), a hop count, or the list of trusted proxies. */
export function trustProxyOption(value: string | undefined): boolean | number | string[] {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) > 0 ? Number(trimmed) : false;
  return trimmed.split(',').map((entry) => entry.trim());
}

/** Reads and validates the environment; throws one readable message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, ...overrides };
}
