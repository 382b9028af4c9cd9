import type { Kysely } from 'kysely';

/**
 * Payment guards: users.subscription_changed_by_admin_at records when an administrator last changed
 * the user's subscription, so that only a payment confirmed after that moment can re-activate the
 * account (an old paid checkout must not undo the administrator's decision).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('subscription_changed_by_admin_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('subscription_changed_by_admin_at').execute();
}
