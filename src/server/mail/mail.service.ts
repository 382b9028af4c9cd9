import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbKind, Executor } from '../db/database.js';
import { mailOutboxRepository, type NewOutboxMail, type OutboxRow } from './mail-outbox.repository.js';
import type { MailTransport } from './mail-transport.js';

/** How long a claimed mail stays with its worker: well beyond the transport's own timeouts. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** Tries before a mail is given up (about four hours of backoff in all). */
export const MAIL_MAX_ATTEMPTS = 10;
const BATCH = 20;
const DEFAULT_POLL_MS = 5_000;

/** The wait before try n+1 after n failed tries: 30 s, 1 min, 2 min… at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Mail through the database, so it survives a restart and is sent once across instances
 * (docs/product/mail.md#delivery): `enqueue` writes a row — inside the caller's transaction when
 * given one, so the mail exists exactly when what caused it does — and the worker sends it later.
 * Sending never blocks or fails a request; a failed try is logged and retried with backoff, a restart
 * finds the rows still there, and the lease keeps two instances from sending one mail at once.
 */
export class MailService {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<number> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: { db: Db; dbKind: DbKind; log: FastifyBaseLogger; transport: MailTransport; onSendFailure?: () => void },
  ) {}

  get mode(): MailTransport['mode'] {
    return this.deps.transport.mode;
  }

  /** Queues a mail once per idempotency key; the worker is woken unless the caller's transaction is still open. */
  async enqueue(mail: NewOutboxMail, executor?: Executor): Promise<void> {
    await mailOutboxRepository.insert(executor ?? this.deps.db, mail, new Date());
    if (!executor) this.kick();
  }

  /** Runs a pass soon (after the caller's transaction committed). No-op when the worker is not started. */
  kick(): void {
    if (this.timer === undefined || this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    setImmediate(() => void this.runPass(new Date()).catch(() => undefined));
  }

  /** Sends every mail due at `now` (tests drive the outbox with this); returns how many were tried. */
  async flush(now = new Date()): Promise<number> {
    return this.runPass(now);
  }

  /** Starts the polling loop (buildApp does, unless a test drives the outbox itself). */
  start(pollMs = DEFAULT_POLL_MS): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => void this.runPass(new Date()).catch(() => undefined), pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the loop and waits for the pass under way, so no send is cut off by the database closing. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    await this.pass?.catch(() => undefined);
    this.deps.transport.close();
  }

  /** One pass at a time per process; a pass asked for during one runs right after it. */
  private runPass(now: Date): Promise<number> {
    if (this.pass) return this.pass.catch(() => 0).then(() => this.runPass(now));
    this.pass = this.sendDue(now).finally(() => {
      this.pass = undefined;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.runPass(new Date()).catch(() => undefined);
      }
    });
    return this.pass;
  }

  private async sendDue(now: Date): Promise<number> {
    let tried = 0;
    for (;;) {
      const owner = randomBytes(12).toString('hex');
      const rows = await mailOutboxRepository.claim(this.deps.db, this.deps.dbKind, owner, now, new Date(now.getTime() + MAIL_LEASE_MS), BATCH);
      for (const row of rows) await this.sendOne(row, owner, now);
      tried += rows.length;
      if (rows.length < BATCH || this.stopped) return tried;
    }
  }

  private async sendOne(row: OutboxRow, owner: string, now: Date): Promise<void> {
    const { db, log, transport } = this.deps;
    if ((row.expires_at && row.expires_at <= now.toISOString()) || row.text_body === null) {
      await mailOutboxRepository.settle(db, row.id, owner, { status: 'expired', at: now });
      log.warn({ mailId: row.id, kind: row.kind }, 'mail expired before it could be sent');
      return;
    }
    try {
      await transport.send({
        id: row.id,
        idempotencyKey: row.idempotency_key,
        kind: row.kind,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body ?? '',
      });
      await mailOutboxRepository.settle(db, row.id, owner, { status: 'sent', at: new Date() });
    } catch (error) {
      this.deps.onSendFailure?.();
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (row.attempts >= MAIL_MAX_ATTEMPTS) {
        await mailOutboxRepository.settle(db, row.id, owner, { status: 'failed', at: now, error: message });
        log.error({ mailId: row.id, kind: row.kind, attempts: row.attempts, error: message }, 'mail given up after its last try');
        return;
      }
      const retryAt = new Date(now.getTime() + retryDelayMs(row.attempts));
      await mailOutboxRepository.settle(db, row.id, owner, { status: 'pending', retryAt, error: message });
      log.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, retryAt: retryAt.toISOString(), error: message }, 'mail not sent; will retry');
    }
  }
}
