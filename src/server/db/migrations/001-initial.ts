import type { Kysely } from 'kysely';
import { blobType, flag, realType, withId } from './dialect.js';

/** The whole data model of both specification documents, so later features only add behaviour. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('is_admin', 'integer', flag)
    .addColumn('account_status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo('trialing'))
    .addColumn('trial_end_date', 'text')
    .addColumn('has_had_paid_subscription', 'integer', flag)
    .addColumn('stripe_customer_id', 'text')
    .addColumn('provider_subscription_id', 'text')
    .addColumn('plan_type', 'text')
    .addColumn('current_period_start', 'text')
    .addColumn('current_period_end', 'text')
    .addColumn('record_store_share_token', 'text', (c) => c.unique())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('login_attempts'))
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_attempts_bucket').on('login_attempts').columns(['bucket', 'created_at']).execute();

  await withId(db, db.schema.createTable('collections'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('share_token', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('collections_user_name').on('collections').columns(['user_id', 'name_key']).unique().execute();

  await withId(db, db.schema.createTable('albums'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('artist', 'text', (c) => c.notNull())
    .addColumn('title_key', 'text', (c) => c.notNull())
    .addColumn('artist_key', 'text', (c) => c.notNull())
    .addColumn('purchase_location', 'text')
    .addColumn('purchase_date', 'text')
    .addColumn('price_cents', 'integer')
    .addColumn('cover_url', 'text')
    .addColumn('genre', 'text')
    .addColumn('label', 'text')
    .addColumn('release_year', 'integer')
    .addColumn('country', 'text')
    .addColumn('media_condition', 'text')
    .addColumn('sleeve_condition', 'text')
    .addColumn('is_lent', 'integer', flag)
    .addColumn('lent_to', 'text')
    .addColumn('lent_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('albums_user_collection').on('albums').columns(['user_id', 'collection_id']).execute();
  await db.schema
    .createIndex('albums_duplicate_key')
    .on('albums')
    .columns(['collection_id', 'title_key', 'artist_key'])
    .execute();

  await withId(db, db.schema.createTable('images'))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', blobType(db), (c) => c.notNull())
    .addColumn('thumb_data', blobType(db))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_user_id').on('images').column('user_id').execute();

  await db.schema
    .createTable('http_cache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text')
    .addColumn('body', blobType(db), (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('record_stores'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('street_address', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('country', 'text')
    .addColumn('website', 'text')
    .addColumn('notes', 'text')
    .addColumn('latitude', realType(db))
    .addColumn('longitude', realType(db))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('record_stores_user_id').on('record_stores').column('user_id').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute();

  await withId(db, db.schema.createTable('alert_configs'))
    .addColumn('type', 'text', (c) => c.notNull().unique())
    .addColumn('enabled', 'integer', flag)
    .addColumn('threshold', 'integer')
    .addColumn('email_notification', 'integer', flag)
    .addColumn('notification_email', 'text')
    .execute();

  await withId(db, db.schema.createTable('alert_history'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('username', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('read', 'integer', flag)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_history_created').on('alert_history').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'alert_history',
    'alert_configs',
    'checkout_sessions',
    'password_reset_tokens',
    'record_stores',
    'http_cache',
    'images',
    'albums',
    'collections',
    'login_attempts',
    'settings',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
