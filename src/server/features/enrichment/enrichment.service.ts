import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { checkAlbumBarcode } from '../../../common/barcode.js';
import { ENRICHMENT_MAX_QUEUED, type EnrichmentStatus } from '../../../common/enrichment.schemas.js';
import type { Pressing } from '../../../common/releases.schemas.js';
import type { AppContext } from '../../context.js';
import { nowIso, type Executor } from '../../db/database.js';
import { userDataWrite } from '../../db/data-version.js';
import type { AlbumRow } from '../../db/schema.js';
import { QueueFullError } from '../../upstream/rate-limiter.js';
import { UpstreamError } from '../../upstream/upstream-http.js';
import { storeCover } from '../cover-art/cover-storage.service.js';
import { fetchRemoteImage } from '../cover-art/remote-image.service.js';
import { findPressing } from './enrichment-lookup.js';
import { enrichmentRepository, type EnrichmentJobRow } from './enrichment.repository.js';

/** How long a claimed job stays with its worker: a lookup is at most four queued MusicBrainz calls and a cover. */
export const ENRICHMENT_LEASE_MS = 5 * 60_000;
/** Tries of one album while MusicBrainz fails before it is reported as not matched. */
const MAX_ATTEMPTS = 5;
const BUSY_RETRY_MS = 5_000;
const DEFAULT_POLL_MS = 5_000;

/**
 * Queues the lookups of freshly imported albums, inside the import's transaction so the jobs exist
 * exactly when the albums do. Beyond the account's budget of queued lookups the rest are not queued
 * (docs/product/limits.md#covers-and-details-after-an-import); answers how many were.
 */
export async function queueEnrichment(db: Executor, userId: number, albumIds: number[]): Promise<number> {
  const { queued } = await enrichmentRepository.counts(db, userId);
  const room = Math.max(0, ENRICHMENT_MAX_QUEUED - queued);
  const taken = albumIds.slice(0, room);
  await enrichmentRepository.enqueue(db, userId, taken, nowIso());
  return taken.length;
}

/** The user's run as the import page and the home show it. */
export async function enrichmentStatus(db: Executor, userId: number): Promise<EnrichmentStatus> {
  const counts = await enrichmentRepository.counts(db, userId);
  const done = counts.matched + counts.unmatched;
  const paused = counts.queued > 0 && (await enrichmentRepository.isPaused(db, userId));
  return {
    state: counts.queued === 0 ? 'idle' : paused ? 'paused' : 'running',
    done,
    total: done + counts.queued,
    matched: counts.matched,
    unmatched: counts.unmatched,
  };
}

const text = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/**
 * Writes what MusicBrainz knows into the album's empty fields only, each as `coalesce(field, found)` in
 * one statement, so a field the collector typed — before the import or while the job waited — is
 * never replaced (docs/product/import.md#covers-and-details-found-after-an-import).
 */
async function fillEmptyFields(ctx: AppContext, album: AlbumRow, pressing: Pressing, coverUrl: string | null): Promise<void> {
  const barcode = pressing.barcode ? checkAlbumBarcode(pressing.barcode) : null;
  const found: Record<string, string | number | null> = {
    cover_url: coverUrl,
    genre: pressing.genre,
    release_year: pressing.year,
    country: text(pressing.country, 100),
    label: text(pressing.label, 200),
    barcode: barcode?.ok ? barcode.barcode : null,
    musicbrainz_release_id: pressing.releaseId,
    // Stored as the album's own tracklist is: JSON, already within its limits (releases' tracklistFromMedia).
    tracklist: pressing.tracklist.length > 0 ? JSON.stringify(pressing.tracklist) : null,
  };
  const set: Record<string, ReturnType<typeof sql>> = {};
  for (const [column, value] of Object.entries(found)) {
    if (value === null) continue;
    set[column] =
      typeof value === 'number'
        ? sql`coalesce(${sql.ref(column)}, ${value})`
        : sql`coalesce(nullif(${sql.ref(column)}, ''), ${value})`;
  }
  if (Object.keys(set).length === 0) return;
  await userDataWrite(ctx.db, album.user_id, async (trx) => {
    await trx
      .updateTable('albums')
      .set({ ...set, updated_at: nowIso() })
      .where('id', '=', album.id)
      .where('user_id', '=', album.user_id)
      .execute();
  });
}

/** The release's front cover stored as the user's own image, or null (no cover, or the archive failed). */
async function storedFrontCover(ctx: AppContext, album: AlbumRow, pressing: Pressing): Promise<string | null> {
  if (album.cover_url || !pressing.coverUrl) return null;
  try {
    const remote = await fetchRemoteImage(ctx, pressing.coverUrl);
    return await storeCover(ctx, album.user_id, remote.body, pressing.coverUrl);
  } catch (error) {
    // The details are still worth having without the picture.
    ctx.log.warn({ err: error, albumId: album.id }, 'enrichment: the cover could not be stored');
    return null;
  }
}

/**
 * The background lookups of imported albums (docs/product/import.md#covers-and-details-found-after-an-import),
 * shaped like the mail worker: every instance polls, claims one due job at a time with a lease (so
 * two instances never look up one album, and a job of a worker that died is due again when its lease
 * runs out), and settles it while it still holds the lease. Paused users' jobs are not claimed.
 */
export class EnrichmentWorker {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly ctx: AppContext) {}

  start(pollMs = DEFAULT_POLL_MS): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a pass soon (after an import or a resume). No-op when the worker is not started. */
  kick(): void {
    if (this.timer === undefined || this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.runDue()
      .catch((error: unknown) => this.ctx.log.error({ err: error }, 'enrichment pass failed'))
      .finally(() => {
        this.pass = undefined;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops polling and waits for the album being looked up, so the database does not close under it. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    await this.pass;
  }

  private async runDue(): Promise<void> {
    while (!this.stopped) {
      const owner = randomBytes(12).toString('hex');
      const now = new Date();
      const job = await enrichmentRepository.claim(
        this.ctx.db,
        this.ctx.dbKind,
        owner,
        now,
        new Date(now.getTime() + ENRICHMENT_LEASE_MS),
      );
      if (!job) return;
      await this.runOne(job, owner);
    }
  }

  private async runOne(job: EnrichmentJobRow, owner: string): Promise<void> {
    const { ctx } = this;
    const album = await ctx.db
      .selectFrom('albums')
      .selectAll()
      .where('id', '=', job.album_id)
      .where('user_id', '=', job.user_id)
      .executeTakeFirst();
    // A deleted album takes its job with it; nothing to settle.
    if (!album) return;
    try {
      const pressing = await findPressing(ctx, album);
      if (pressing) await fillEmptyFields(ctx, album, pressing, await storedFrontCover(ctx, album, pressing));
      await enrichmentRepository.settle(ctx.db, job.id, owner, pressing ? 'matched' : 'unmatched', nowIso());
    } catch (error) {
      if (error instanceof QueueFullError) {
        // Others are using the pace: this album waits its turn again.
        await enrichmentRepository.release(ctx.db, job.id, owner, new Date(Date.now() + BUSY_RETRY_MS), true);
        return;
      }
      if (!(error instanceof UpstreamError)) ctx.log.error({ err: error, albumId: album.id }, 'enrichment lookup failed');
      if (job.attempts >= MAX_ATTEMPTS || !(error instanceof UpstreamError)) {
        await enrichmentRepository.settle(ctx.db, job.id, owner, 'unmatched', nowIso());
        return;
      }
      await enrichmentRepository.release(ctx.db, job.id, owner, new Date(Date.now() + 30_000 * job.attempts));
    }
  }
}

const workers = new WeakMap<AppContext, EnrichmentWorker>();
/** The one worker of this app instance. */
export function enrichmentWorker(ctx: AppContext): EnrichmentWorker {
  let worker = workers.get(ctx);
  if (!worker) {
    worker = new EnrichmentWorker(ctx);
    workers.set(ctx, worker);
  }
  return worker;
}
