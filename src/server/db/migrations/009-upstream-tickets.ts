import type { Kysely } from 'kysely';
import { withId } from './dialect.js';

/**
 * Waiting tickets of the shared upstream queues (MusicBrainz, the geocoder): one row per request that
 * waits for the application-wide pace, so every instance sees who waits and serves users in turn. A
 * served ticket is kept a while as the user's last turn (round-robin); an unserved one expires when its
 * request would have given up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('upstream_tickets'))
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('served_at', 'text')
    .execute();
  await db.schema.createIndex('upstream_tickets_queue_user').on('upstream_tickets').columns(['queue', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upstream_tickets').ifExists().execute();
}
