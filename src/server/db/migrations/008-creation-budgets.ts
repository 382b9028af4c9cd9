import type { Kysely } from 'kysely';
import { withId } from './dialect.js';

/**
 * Per-account creation budgets: one row per creating request, with how many things it created. Keyed
 * by user and kind ('albums', 'record-stores', 'collections', and any list added later), so one table
 * and one module serve every list. Rows go with their user; rows older than the longest window are
 * deleted by the next reservation of the same user and kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('creation_budget_entries'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('creation_budget_entries_user_kind')
    .on('creation_budget_entries')
    .columns(['user_id', 'kind', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('creation_budget_entries').ifExists().execute();
}
