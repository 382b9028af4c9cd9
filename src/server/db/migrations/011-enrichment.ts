import type { Kysely } from 'kysely';
import { withId } from './dialect.js';

/**
 * Covers and details found after an import (docs/product/import.md#covers-and-details-found-after-an-import):
 * one job row per imported album, claimed by a worker with a lease so two instances never look up the
 * same album and a restart finds the work still there; the rows go with their album or account. A
 * row in enrichment_pauses holds the user's paused run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('enrichment_jobs'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('album_id', 'integer', (c) => c.notNull().references('albums.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('enrichment_jobs_user_status').on('enrichment_jobs').columns(['user_id', 'status']).execute();
  await db.schema
    .createIndex('enrichment_jobs_status_due')
    .on('enrichment_jobs')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('enrichment_jobs_album').on('enrichment_jobs').column('album_id').execute();
  await db.schema
    .createTable('enrichment_pauses')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('paused_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('enrichment_pauses').ifExists().execute();
  await db.schema.dropTable('enrichment_jobs').ifExists().execute();
}
