import { sql } from 'kysely';
import type { Db, DbKind, Executor } from '../db/database.js';
import type { MailOutboxTable } from '../db/schema.js';
import type { Selectable } from 'kysely';

export type OutboxRow = Selectable<MailOutboxTable>;

export interface NewOutboxMail {
  idempotencyKey: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** After this the mail is not worth sending (a reset link that has expired). */
  expiresAt?: string;
}

/** The outbox table's queries (docs/product/mail.md#delivery): insert once per key, claim with a lease, settle. */
export const mailOutboxRepository = {
  /** Inserts the mail unless one with its key exists; true when this call added it. */
  async insert(db: Executor, mail: NewOutboxMail, now: Date): Promise<boolean> {
    const result = await db
      .insertInto('mail_outbox')
      .values({
        idempotency_key: mail.idempotencyKey,
        kind: mail.kind,
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now.toISOString(),
        expires_at: mail.expiresAt ?? null,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  },

  /** How many rows each status has, for the metrics. */
  async countByStatus(db: Executor): Promise<{ status: string; count: number }[]> {
    const rows = await db.selectFrom('mail_outbox').select(['status', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('status').execute();
    return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  },

  /** Pending mails whose last try failed. */
  async countRetrying(db: Executor): Promise<number> {
    const row = await db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<number>().as('count')).where('status', '=', 'pending').where('attempts', '>', 0).executeTakeFirst();
    return Number(row?.count ?? 0);
  },

  /** Mails that are failing: pending after a failed try, or failed for good since `failedSince`; the latest error. */
  async failing(db: Executor, failedSince: Date): Promise<{ count: number; error: string | null }> {
    const row = await db
      .selectFrom('mail_outbox')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('last_error').as('error')])
      .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('attempts', '>', 0)]), eb.and([eb('status', '=', 'failed'), eb('created_at', '>', failedSince.toISOString())])]))
      .executeTakeFirst();
    return { count: Number(row?.count ?? 0), error: row?.error ?? null };
  },

  /**
   * Claims up to `limit` due mails for `owner` until `leaseUntil`, counting the try, in one statement.
   * A row whose lease has run out (its worker died) is due again. On PostgreSQL the candidates are
   * locked with SKIP LOCKED, so two instances claiming at once take different rows; SQLite runs one
   * write statement at a time, also across processes on one DATA_DIR, which gives the same.
   */
  async claim(db: Db, dbKind: DbKind, owner: string, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
    const nowText = now.toISOString();
    let due = db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowText)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowText)]))
      .orderBy('id')
      .limit(limit);
    if (dbKind === 'postgres') due = due.forUpdate().skipLocked();
    const rows = await db
      .updateTable('mail_outbox')
      .set({ lease_owner: owner, lease_until: leaseUntil.toISOString(), attempts: sql<number>`attempts + 1` })
      .where('id', 'in', due)
      .returningAll()
      .execute();
    // RETURNING keeps no order on PostgreSQL: oldest first, as they were queued.
    return rows.sort((a, b) => a.id - b.id);
  },

  /** Settles a claimed row, only while this worker still holds its lease. Bodies go once they are no longer needed. */
  async settle(
    db: Db,
    id: number,
    owner: string,
    outcome: { status: 'sent' | 'failed' | 'expired'; at: Date; error?: string } | { status: 'pending'; retryAt: Date; error: string },
  ): Promise<void> {
    const base = db.updateTable('mail_outbox').where('id', '=', id).where('lease_owner', '=', owner);
    if (outcome.status === 'pending') {
      await base.set({ lease_owner: null, lease_until: null, next_attempt_at: outcome.retryAt.toISOString(), last_error: outcome.error }).execute();
      return;
    }
    await base
      .set({
        status: outcome.status,
        lease_owner: null,
        lease_until: null,
        text_body: null,
        html_body: null,
        sent_at: outcome.status === 'sent' ? outcome.at.toISOString() : null,
        last_error: outcome.error ?? null,
      })
      .execute();
  },
};
