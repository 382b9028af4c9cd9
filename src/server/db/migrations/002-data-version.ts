import type { Kysely } from 'kysely';

/**
 * users.data_version: bumped in the same transaction as every collection or album write, so any app
 * instance can tell from the session's user row whether its in-memory album list is still current.
 * albums(user_id, id): the album list and the CSV export's keyset pages read a user's albums in id order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('data_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('albums_user_id_id').on('albums').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('albums_user_id_id').execute();
  await db.schema.alterTable('users').dropColumn('data_version').execute();
}
