import { sql, type Selectable } from 'kysely';
import type { Db, DbKind, Executor } from '../../db/database.js';
import type { EnrichmentJobsTable } from '../../db/schema.js';

export type EnrichmentJobRow = Selectable<EnrichmentJobsTable>;

export interface EnrichmentCounts {
  queued: number;
  matched: number;
  unmatched: number;
}

/** The job rows' queries, always scoped by the owner's id where a user asks (docs/product/api.md#who-may-call). */
export const enrichmentRepository = {
  /**
   * Queues one lookup per album. A run that has finished is forgotten first, so the progress counts
   * the new run only; albums still queued from an earlier import stay in the run they joined.
   */
  async enqueue(db: Executor, userId: number, albumIds: number[], now: string): Promise<void> {
    if (albumIds.length === 0) return;
    const counts = await this.counts(db, userId);
    if (counts.queued === 0) await db.deleteFrom('enrichment_jobs').where('user_id', '=', userId).execute();
    for (let i = 0; i < albumIds.length; i += 500) {
      await db
        .insertInto('enrichment_jobs')
        .values(
          albumIds
            .slice(i, i + 500)
            .map((albumId) => ({ user_id: userId, album_id: albumId, status: 'queued', next_attempt_at: now, created_at: now })),
        )
        .execute();
    }
  },

  async counts(db: Executor, userId: number): Promise<EnrichmentCounts> {
    const rows = await db
      .selectFrom('enrichment_jobs')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', '=', userId)
      .groupBy('status')
      .execute();
    const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
    return { queued: of('queued'), matched: of('matched'), unmatched: of('unmatched') };
  },

  async isPaused(db: Executor, userId: number): Promise<boolean> {
    return (
      (await db.selectFrom('enrichment_pauses').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined
    );
  },

  async pause(db: Executor, userId: number, now: string): Promise<void> {
    await db
      .insertInto('enrichment_pauses')
      .values({ user_id: userId, paused_at: now })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  },

  async resume(db: Executor, userId: number): Promise<void> {
    await db.deleteFrom('enrichment_pauses').where('user_id', '=', userId).execute();
  },

  /** The albums of the last run that found no match, oldest first. */
  unmatched(db: Executor, userId: number, limit: number) {
    return db
      .selectFrom('enrichment_jobs')
      .innerJoin('albums', 'albums.id', 'enrichment_jobs.album_id')
      .innerJoin('collections', 'collections.id', 'albums.collection_id')
      .select(['albums.id as albumId', 'albums.title', 'albums.artist', 'collections.name as collection'])
      .where('enrichment_jobs.user_id', '=', userId)
      .where('enrichment_jobs.status', '=', 'unmatched')
      .orderBy('enrichment_jobs.id')
      .limit(limit)
      .execute();
  },

  /**
   * Claims the oldest due job of a user who has not paused, until `leaseUntil`, in one statement. A job
   * whose lease ran out (its worker died) is due again. PostgreSQL locks the candidate with SKIP
   * LOCKED, so two instances claiming at once take different rows; SQLite runs one write at a time.
   */
  async claim(db: Db, dbKind: DbKind, owner: string, now: Date, leaseUntil: Date): Promise<EnrichmentJobRow | undefined> {
    const nowText = now.toISOString();
    let due = db
      .selectFrom('enrichment_jobs')
      .select('id')
      .where('status', '=', 'queued')
      .where('next_attempt_at', '<=', nowText)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowText)]))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('enrichment_pauses')
              .select('user_id')
              .whereRef('enrichment_pauses.user_id', '=', 'enrichment_jobs.user_id'),
          ),
        ),
      )
      .orderBy('id')
      .limit(1);
    if (dbKind === 'postgres') due = due.forUpdate().skipLocked();
    return db
      .updateTable('enrichment_jobs')
      .set({ lease_owner: owner, lease_until: leaseUntil.toISOString(), attempts: sql<number>`attempts + 1` })
      .where('id', 'in', due)
      .returningAll()
      .executeTakeFirst();
  },

  /** Settles a claimed job, only while this worker still holds its lease. */
  async settle(db: Executor, id: number, owner: string, status: 'matched' | 'unmatched', now: string): Promise<void> {
    await db
      .updateTable('enrichment_jobs')
      .set({ status, lease_owner: null, lease_until: null, finished_at: now })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  },

  /**
   * Gives a claimed job back to be tried again at `retryAt` (MusicBrainz busy or failing). A job that
   * only waited for its turn (`notATry`) gets its try back: waiting is not failing.
   */
  async release(db: Executor, id: number, owner: string, retryAt: Date, notATry = false): Promise<void> {
    await db
      .updateTable('enrichment_jobs')
      .set({
        lease_owner: null,
        lease_until: null,
        next_attempt_at: retryAt.toISOString(),
        ...(notATry ? { attempts: sql<number>`attempts - 1` } : {}),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  },
};
