import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { APP_VERSION } from './version.js';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const url = (name: string) =>
  optionalString.refine((value) => value === undefined || URL.canParse(value), `${name} must be a URL`);

/** Links and cookies are built from it, so only a web origin will do. */
const webUrl = (name: string) =>
  url(name).refine(
    (value) => value === undefined || ['http:', 'https:'].includes(new URL(value).protocol),
    `${name} must be an http:// or https:// URL`,
  );

/** An IPv4/IPv6 address, optionally with a /prefix (CIDR), as Fastify's trustProxy takes them. */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For to believe. `true` believes every hop, so a client can forge the
 * leftmost address and dodge every per-address limit; a hop count or the proxies' own addresses
 * stop at the first address a trusted proxy saw.
 */
const trustProxySetting = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): boolean | number | string[] => {
    if (value === 'true' || value === 'false') return value === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isAddressOrCidr)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'TRUST_PROXY must be false, a hop count (1 = one proxy in front), a list of proxy addresses or CIDRs, or true',
    });
    return z.NEVER;
  });

/**
 * PostgreSQL connections per instance by default. A connection is held from a query's start until Node has
 * read its answer, so on a busy event loop (or through a write transaction's several round trips) it is held
 * much longer than PostgreSQL works on it; 10 were all taken under 200 users
 * (docs/operations.md#load-overload-and-per-request-cost). Five instances of 20 fill PostgreSQL's default
 * max_connections of 100.
 */
export const DEFAULT_DB_POOL_MAX = 20;

const PORT_MESSAGE = 'PORT must be a whole number from 0 to 65535';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce
      .number({ error: PORT_MESSAGE })
      .int(PORT_MESSAGE)
      .min(0, PORT_MESSAGE)
      .max(65535, PORT_MESSAGE)
      .default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.refine(
      (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
      'DATABASE_URL must start with postgres:// (leave it unset for SQLite)',
    ),
    PUBLIC_URL: webUrl('PUBLIC_URL'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ADMIN_EMAIL: optionalString,
    ADMIN_PASSWORD: optionalString,
    SMTP_URL: url('SMTP_URL').refine(
      // An unparsable value is already refused above as not a URL.
      (value) => value === undefined || !URL.canParse(value) || ['smtp:', 'smtps:'].includes(new URL(value).protocol),
      'SMTP_URL must be an smtp:// or smtps:// URL',
    ),
    MAIL_FROM: z.string().default('Spindle <no-reply@spindle.local>'),
    SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an e-mail address').default('support@spindle.app'),
    SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
    // Overload (docs/product/api.md#overload): requests handled at once, requests waiting beyond them, and how
    // long one may wait before it is shed with 503 + Retry-After. 0 for MAX_IN_FLIGHT turns the bound off.
    MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(64),
    MAX_QUEUED: z.coerce.number().int().min(0).default(256),
    MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(1).default(1000),
    // How long in-flight requests may run after SIGTERM before they are cut (main.ts says why 6 s).
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(6000),
    // PostgreSQL connections per instance (10 were all busy under 200 users; see
    // docs/operations.md#load-overload-and-per-request-cost). Ignored for SQLite.
    DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(DEFAULT_DB_POOL_MAX),
    // Kept CSV exports under DATA_DIR/exports (docs/product/export.md#kept-files): at most this many bytes in all.
    EXPORT_FILES_MAX_BYTES: z.coerce.number().int().min(0).default(512 * 1024 * 1024),
    TRUST_PROXY: trustProxySetting,
    // The bearer token GET /metrics asks for; unset, the endpoint is off (404).
    METRICS_TOKEN: optionalString.refine((value) => value === undefined || value.length >= 16, 'METRICS_TOKEN must be at least 16 characters'),
    // Payments (docs/product/subscription.md#providers): without any Stripe secret key the built-in demo
    // provider is used. Test and live keys are separate; the generic names fill the slot their key's prefix
    // names.
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_ID: optionalString,
    STRIPE_TEST_SECRET_KEY: optionalString,
    STRIPE_TEST_WEBHOOK_SECRET: optionalString,
    STRIPE_TEST_PRICE_ID: optionalString,
    STRIPE_LIVE_SECRET_KEY: optionalString,
    STRIPE_LIVE_WEBHOOK_SECRET: optionalString,
    STRIPE_LIVE_PRICE_ID: optionalString,
    STRIPE_API_URL: url('STRIPE_API_URL'),
    // Cover art (docs/product/cover-art.md#search).
    MUSICBRAINZ_URL: z.url('MUSICBRAINZ_URL must be a URL').default('https://musicbrainz.org'),
    COVER_ART_ARCHIVE_URL: z.url('COVER_ART_ARCHIVE_URL must be a URL').default('https://coverartarchive.org'),
    // Record stores: geocoding and maps.
    GEOCODER_URL: z.url('GEOCODER_URL must be a URL').default('https://nominatim.openstreetmap.org'),
    MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_TILE_ATTRIBUTION: z
      .string()
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    MAPS_API_KEY: optionalString,
  })
  .refine((env) => !env.ADMIN_PASSWORD || env.ADMIN_PASSWORD.length >= 8, {
    path: ['ADMIN_PASSWORD'],
    message: 'ADMIN_PASSWORD must be at least 8 characters',
  });

export type Env = z.infer<typeof envSchema>;

/** Every environment variable the app reads (.env.example documents each one). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections this instance may hold at once (DB_POOL_MAX). */
  dbPoolMax: number;
  publicUrl: string;
  /** PUBLIC_URL was not set: publicUrl is the localhost default, which may not be how browsers reach the app. */
  publicUrlIsDefault: boolean;
  secureCookies: boolean;
  logLevel: Env['LOG_LEVEL'];
  admin: { email: string; password: string } | undefined;
  mail: { smtpUrl: string | undefined; from: string };
  supportEmail: string;
  sessionDays: number;
  bodyLimitBytes: number;
  /** The overload bound (docs/product/api.md#overload); maxInFlight 0 turns it off. */
  overload: { maxInFlight: number; maxQueued: number; maxQueueWaitMs: number };
  exportFilesMaxBytes: number;
  /** After SIGTERM, how long in-flight requests may run before they are cut. */
  shutdownGraceMs: number;
  /** Fastify's trustProxy: false, true (every hop), a hop count, or the trusted proxies' addresses. */
  trustProxy: boolean | number | string[];
  /** The bearer token of GET /metrics; undefined turns the endpoint off. */
  metricsToken: string | undefined;
  /**
   * Stripe's key sets by mode; undefined when neither is configured (the demo provider,
   * docs/product/subscription.md#providers).
   */
  stripe: { test: StripeKeys | undefined; live: StripeKeys | undefined; apiUrl: string | undefined } | undefined;
  coverArt: { musicBrainzUrl: string; coverArtArchiveUrl: string };
  geocoderUrl: string;
  mapTileUrl: string;
  /** The tile provider's credit (HTML) shown on every map. */
  mapTileAttribution: string;
  mapsApiKey: string | undefined;
  version: string;
}

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string | undefined;
  priceId: string | undefined;
}

export class ConfigError extends Error {}

/** The test and live key sets; STRIPE_SECRET_KEY & co. fill the one their key's prefix names. */
function stripeKeys(env: Env): Config['stripe'] {
  const generic = env.STRIPE_SECRET_KEY;
  const genericMode = generic && /^(sk|rk)_live_/.test(generic) ? 'live' : 'test';
  const pick = (mode: 'test' | 'live', key?: string, webhookSecret?: string, priceId?: string): StripeKeys | undefined => {
    const useGeneric = generic !== undefined && genericMode === mode && key === undefined;
    const secretKey = key ?? (useGeneric ? generic : undefined);
    if (!secretKey) return undefined;
    return {
      secretKey,
      webhookSecret: webhookSecret ?? (useGeneric ? env.STRIPE_WEBHOOK_SECRET : undefined),
      priceId: priceId ?? (useGeneric ? env.STRIPE_PRICE_ID : undefined),
    };
  };
  const test = pick('test', env.STRIPE_TEST_SECRET_KEY, env.STRIPE_TEST_WEBHOOK_SECRET, env.STRIPE_TEST_PRICE_ID);
  const live = pick('live', env.STRIPE_LIVE_SECRET_KEY, env.STRIPE_LIVE_WEBHOOK_SECRET, env.STRIPE_LIVE_PRICE_ID);
  return test || live ? { test, live, apiUrl: env.STRIPE_API_URL } : undefined;
}

/** Parses the environment once; a bad value throws a ConfigError naming it. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    dbPoolMax: env.DB_POOL_MAX,
    publicUrl,
    publicUrlIsDefault: env.PUBLIC_URL === undefined,
    secureCookies: publicUrl.startsWith('https:'),
    logLevel: env.LOG_LEVEL,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    supportEmail: env.SUPPORT_EMAIL,
    sessionDays: env.SESSION_DAYS,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    overload: { maxInFlight: env.MAX_IN_FLIGHT, maxQueued: env.MAX_QUEUED, maxQueueWaitMs: env.MAX_QUEUE_WAIT_MS },
    exportFilesMaxBytes: env.EXPORT_FILES_MAX_BYTES,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    stripe: stripeKeys(env),
    coverArt: { musicBrainzUrl: env.MUSICBRAINZ_URL.replace(/\/+$/, ''), coverArtArchiveUrl: env.COVER_ART_ARCHIVE_URL.replace(/\/+$/, '') },
    geocoderUrl: env.GEOCODER_URL.replace(/\/+$/, ''),
    mapTileUrl: env.MAP_TILE_URL,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION,
    mapsApiKey: env.MAPS_API_KEY,
    version: APP_VERSION,
  };
}

/**
 * Loads `.env` from the working directory when present (optional, docs/operations.md#settings), without
 * overriding real variables.
 */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
