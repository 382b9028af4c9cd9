import type { Kysely } from 'kysely';
import { withId } from './dialect.js';

/**
 * The wish list (docs/product/wishlist.md): one row per wanted record, with the album's keys so the
 * "you already own it" check compares as the duplicate rule does. max_price is integer cents like
 * album prices. The gift-list token sits on the user (one list per user), unique through an index
 * because SQLite cannot add a column with a constraint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('wish_items'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('title_key', 'text', (c) => c.notNull())
    .addColumn('artist_key', 'text', (c) => c.notNull())
    .addColumn('format', 'text')
    .addColumn('pressing', 'text')
    .addColumn('catalog_number', 'text')
    .addColumn('barcode', 'text')
    .addColumn('max_price_cents', 'integer')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('notes', 'text')
    .addColumn('cover_url', 'text')
    .addColumn('discogs_release_id', 'integer')
    .addColumn('musicbrainz_release_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wish_items_user_id').on('wish_items').column('user_id').execute();
  await db.schema.alterTable('users').addColumn('wishlist_share_token', 'text').execute();
  await db.schema.createIndex('users_wishlist_share_token').on('users').column('wishlist_share_token').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_wishlist_share_token').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('wishlist_share_token').execute();
  await db.schema.dropTable('wish_items').ifExists().execute();
}
