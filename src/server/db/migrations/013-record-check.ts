import type { Kysely } from 'kysely';

/**
 * The record check finds a user's albums and wishes by barcode at a fair (docs/product/record-check.md):
 * an index per owner and code keeps it one lookup at 20,000 albums on both engines. Typed words are
 * compared with every album's title, artist and catalogue number: an index holding just those is
 * scanned instead of the rows, whose notes and tracklists make them many times larger. Additive only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('albums_user_barcode').on('albums').columns(['user_id', 'barcode']).execute();
  await db.schema.createIndex('albums_user_check_words').on('albums').columns(['user_id', 'title_key', 'artist_key', 'catalog_number']).execute();
  await db.schema.createIndex('wish_items_user_barcode').on('wish_items').columns(['user_id', 'barcode']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wish_items_user_barcode').ifExists().execute();
  await db.schema.dropIndex('albums_user_check_words').ifExists().execute();
  await db.schema.dropIndex('albums_user_barcode').ifExists().execute();
}
