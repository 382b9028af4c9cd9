import type { Kysely } from 'kysely';
import { withId } from './dialect.js';

/**
 * Mail (docs/product/mail.md#delivery): every mail is a mail_outbox row first, sent by the worker after,
 * so a mail survives a restart and is sent once across instances.
 * - idempotency_key is unique: enqueueing the same mail twice (a re-fired event, two instances) keeps one row;
 * - lease_until / lease_owner: a worker claims a row for a while, so two instances never send it at once;
 * - next_attempt_at and attempts: retries with backoff; status pending → sent | failed | expired;
 * - expires_at: a mail not worth sending after then (a reset link that is no longer valid).
 * password_reset_tokens gains an index by user: a reset ends every other token of its user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('last_error', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('password_reset_tokens_user_id').on('password_reset_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('password_reset_tokens_user_id').execute();
  await db.schema.dropTable('mail_outbox').execute();
}
