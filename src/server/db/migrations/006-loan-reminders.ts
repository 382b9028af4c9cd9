import type { Kysely } from 'kysely';

/**
 * Loan reminders (docs/product/loans.md#reminders): each user's "remind me after N days", 30 until they choose
 * (the default lives here and in common/loans.ts). An album lent longer than that is flagged on the home and in
 * analytics; the flag is computed when read, from the albums' lent_date, so no album column is needed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('loan_reminder_days', 'integer', (c) => c.notNull().defaultTo(30))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('loan_reminder_days').execute();
}
