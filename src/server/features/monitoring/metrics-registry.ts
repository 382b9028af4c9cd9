import { statfs } from 'node:fs/promises';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { AppContext } from '../../context.js';
import type { PoolView } from '../../db/database.js';
import { SETTING_KEYS, settingsRepository } from '../../db/settings.repository.js';
import { mailOutboxRepository } from '../../mail/mail-outbox.repository.js';
import { MUSICBRAINZ_INTERVAL_MS } from '../cover-art/cover-art-search.service.js';
import type { OperationalSignals } from '../../operational-signals.js';
import type { RequestMetrics } from './request-metrics.js';

type Labels = Record<string, string | number>;
type Sample = { labels?: Labels; value: number };

/** A metric read when scraped (prom-client's registry takes any object of this shape). */
function scraped(name: string, help: string, type: 'gauge' | 'counter', read: () => Sample[] | Promise<Sample[]>) {
  return {
    name,
    help,
    type,
    get: async () => ({ name, help, type, values: await read(), aggregator: 'sum' as const }),
  };
}

/** Reserved slots ahead in a cross-instance pacer: its next free slot, in intervals from now. */
async function pacerDepth(ctx: AppContext, key: string, intervalMs: number): Promise<number> {
  const ahead = (Number(await settingsRepository.get(ctx.db, key)) || 0) - Date.now();
  return ahead > 0 ? Math.ceil(ahead / intervalMs) : 0;
}

/** Free and total bytes of DATA_DIR's file system (SQLite's file, exports, .eml mail). */
export async function dataDirSpace(dataDir: string): Promise<{ free: number; total: number }> {
  const stats = await statfs(dataDir);
  return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
}

/**
 * The registry GET /metrics answers from: Node's default metrics (event-loop lag, memory, CPU, handles)
 * and Spindle's own. Database-backed values (mail outbox, upstream queues) are read when scraped; when
 * the database is down they are left out and the scrape still answers.
 */
export function createMetricsRegistry(deps: { ctx: AppContext; requests: RequestMetrics; signals: OperationalSignals; pool: PoolView | undefined }): Registry {
  const { ctx, requests, signals, pool } = deps;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  registry.registerMetric(requests as never);
  const add = (metric: ReturnType<typeof scraped>) => registry.registerMetric(metric as never);

  add(scraped('spindle_overload_shed_total', 'Requests answered 503 by the overload guard before any work.', 'counter', () => [{ value: signals.overloadShed }]));
  add(scraped('spindle_database_errors_total', 'Requests answered 503/507 because the database was unavailable or the disk full.', 'counter', () => [{ value: signals.databaseErrors }]));
  add(scraped('spindle_mail_send_failures_total', 'Mail sending attempts that failed (each retry counts).', 'counter', () => [{ value: signals.mailSendFailures }]));
  add(
    scraped('spindle_mail_outbox', 'Mail outbox rows by status (pending includes retrying).', 'gauge', async () => {
      try {
        const counts: Record<string, number> = { pending: 0, sent: 0, failed: 0, expired: 0 };
        for (const row of await mailOutboxRepository.countByStatus(ctx.db)) counts[row.status] = row.count;
        return Object.entries(counts).map(([status, value]) => ({ labels: { status }, value }));
      } catch {
        return [];
      }
    }),
  );
  add(
    scraped('spindle_mail_outbox_retrying', 'Pending mails whose last try failed.', 'gauge', async () => {
      try {
        return [{ value: await mailOutboxRepository.countRetrying(ctx.db) }];
      } catch {
        return [];
      }
    }),
  );
  add(
    scraped('spindle_upstream_queue_depth', 'Calls waiting for their turn at a paced upstream (all instances), by upstream.', 'gauge', async () => {
      try {
        return [
          { labels: { upstream: 'musicbrainz' }, value: await pacerDepth(ctx, SETTING_KEYS.musicBrainzNextSlot, MUSICBRAINZ_INTERVAL_MS) },
          { labels: { upstream: 'geocoder' }, value: await pacerDepth(ctx, SETTING_KEYS.geocoderNextSlot, ctx.geocoderIntervalMs) },
        ];
      } catch {
        return [];
      }
    }),
  );
  add(
    scraped('spindle_data_dir_bytes', "DATA_DIR's file system: free (for this user) and total bytes.", 'gauge', async () => {
      try {
        const space = await dataDirSpace(ctx.config.dataDir);
        return [
          { labels: { kind: 'free' }, value: space.free },
          { labels: { kind: 'total' }, value: space.total },
        ];
      } catch {
        return [];
      }
    }),
  );
  if (pool) {
    add(
      scraped('spindle_db_pool_connections', 'PostgreSQL pool connections by state (max is DB_POOL_MAX; waiting counts requests queued for one).', 'gauge', () => [
        { labels: { state: 'max' }, value: pool.max },
        { labels: { state: 'open' }, value: pool.total() },
        { labels: { state: 'idle' }, value: pool.idle() },
        { labels: { state: 'waiting' }, value: pool.waiting() },
      ]),
    );
    add(scraped('spindle_db_pool_acquired_total', 'Connections handed out by the pool.', 'counter', () => [{ value: pool.stats.acquired }]));
    add(scraped('spindle_db_pool_waits_total', 'Connections that had to wait for a free one (all were busy).', 'counter', () => [{ value: pool.stats.waited }]));
    add(scraped('spindle_db_pool_wait_seconds_total', 'Seconds spent waiting for a free connection.', 'counter', () => [{ value: pool.stats.waitSeconds }]));
  }
  return registry;
}
