import type { Kysely } from 'kysely';

/**
 * The record check finds a user's albums and wishes by barcode at a fair (docs/product/record-check.md):
 * an index per owner and code keeps it one lookup at 20,000 albums on both engines. Additive only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('albums_user_barcode').on('albums').columns(['user_id', 'barcode']).execute();
  await db.schema.createIndex('wish_items_user_barcode').on('wish_items').columns(['user_id', 'barcode']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('wish_items_user_barcode').ifExists().execute();
  await db.schema.dropIndex('albums_user_barcode').ifExists().execute();
}
