import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db, DbKind } from './db/database.js';
import type { AppEventBus } from './events.js';
import type { ScryptCost } from './security/password.js';
import type { MailService } from './mail/mail.service.js';
import type { OperationalSignals } from './operational-signals.js';

/**
 * What every feature reaches through `app.ctx`: configuration, the database and the few knobs
 * tests may turn. Test-only knobs are set by the test harness through buildApp's options, never by
 * an environment variable, so they cannot exist in a deployed instance.
 */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: DbKind;
  /** Changes whenever committed data may have changed; null where that cannot be known (DbHandle). */
  dbChangeToken: () => string | null;
  log: FastifyBaseLogger;
  /** Features announce here; mail and alerts listen (events.ts). */
  events: AppEventBus;
  /** The mail outbox: enqueue here, the worker sends (mail/mail.service.ts). */
  mail: MailService;
  passwordCost: ScryptCost;
  /** Hostnames the outbound fetcher may reach although they resolve to private addresses (tests only). */
  testAllowedPrivateHosts: readonly string[];
  /** Failures underneath the requests (database, overload, mail), counted for metrics and alerts. */
  signals: OperationalSignals;
  /** Test-only: the data directory's space as the disk check should see it (a nearly full disk on demand). */
  testDiskSpace?: { free: number; total: number } | undefined;
  /** Spacing of geocoder requests across instances (GEOCODER_INTERVAL_MS; tests may shorten it). */
  geocoderIntervalMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in, active user of this request, or null. */
    user: import('./db/schema.js').UserRow | null;
    /** sha256 of the session cookie of this request, when it named a live session. */
    sessionIdHash: string | null;
    /** When the session ends (ms since the epoch), with `sessionIdHash`. */
    sessionExpiresAt: number | null;
  }
}
