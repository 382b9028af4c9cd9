import type { Kysely } from 'kysely';

/**
 * Subscription and payments (docs/product/subscription.md):
 * - checkout_sessions gain what a hosted checkout has: an expiry, the hash of the demo page's form
 *   secret, the provider's subscription id once paid, and the Stripe mode it was created in;
 * - demo_subscriptions: the demo provider's subscriptions, read back exactly as Stripe's would be;
 * - webhook_events: each provider event id once (Stripe's advice), so a resent event applies once;
 * - users.payment_provider names where the user's subscription lives ('demo', 'stripe-test',
 *   'stripe-live'), users.trial_notice the last trial notice fired ('ending', 'ended') so each fires once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one column at a time.
  for (const column of ['expires_at', 'secret_hash', 'provider_subscription_id', 'mode']) {
    await db.schema.alterTable('checkout_sessions').addColumn(column, 'text').execute();
  }
  await db.schema.createIndex('checkout_sessions_user_id').on('checkout_sessions').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('demo_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_start', 'text', (c) => c.notNull())
    .addColumn('current_period_end', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('canceled_at', 'text')
    .execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('users').addColumn('payment_provider', 'text').execute();
  await db.schema.alterTable('users').addColumn('trial_notice', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('trial_notice').execute();
  await db.schema.alterTable('users').dropColumn('payment_provider').execute();
  await db.schema.dropTable('webhook_events').execute();
  await db.schema.dropTable('demo_subscriptions').execute();
  await db.schema.dropIndex('checkout_sessions_user_id').execute();
  for (const column of ['mode', 'provider_subscription_id', 'secret_hash', 'expires_at']) {
    await db.schema.alterTable('checkout_sessions').dropColumn(column).execute();
  }
}
