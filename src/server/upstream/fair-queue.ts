import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { DbPacer } from './db-pacer.js';
import { QueueFullError, realClock, type Clock } from './rate-limiter.js';
import type { Pacer } from './upstream-http.js';

/**
 * A user already has their share of requests waiting for this upstream. A kind of full queue, so a
 * caller that only knows "the queue is full" still treats it as busy, not as the upstream failing.
 */
export class UserQueueFullError extends QueueFullError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Requests one user may have waiting for one shared upstream at once: a person searching needs one or two. */
export const WAITING_PER_USER = 3;
/** How long a served ticket counts as its user's last turn (and is kept). */
const TURN_MEMORY_MS = 10 * 60 * 1000;

interface Waiting {
  id: number;
  user_id: number;
}

/**
 * A fair share of one application-wide pace (a DbPacer) between users, across app instances: each
 * request that must wait takes a ticket (a row of `upstream_tickets`), at most WAITING_PER_USER per
 * user (beyond them UserQueueFullError: 429), and tickets are served round-robin — the waiting user
 * served longest ago goes next, their oldest ticket first. So one user keeping many requests in flight
 * delays another user by at most one turn of theirs per turn of the other, instead of filling the
 * whole queue. Every waiter reads the tickets every `pollMs`; only the ticket at the head reserves the
 * pacer's next slot, and only once that slot is due, so the turn order is decided at the last moment.
 */
export class FairQueue {
  private readonly pollMs: number;

  constructor(
    private readonly db: Db,
    private readonly queue: string,
    private readonly pacer: DbPacer,
    private readonly intervalMs: number,
    private readonly maxWaitMs: number,
    private readonly clock: Clock = realClock,
  ) {
    this.pollMs = Math.max(10, Math.min(250, Math.floor(intervalMs / 4)));
  }

  /** The pacer one user's requests go through. */
  forUser(userId: number): Pacer {
    return { schedule: (task) => this.schedule(userId, task) };
  }

  async schedule<T>(userId: number, task: () => Promise<T>): Promise<T> {
    const ticket = await this.take(userId);
    let slot: number;
    try {
      await this.waitForTurn(ticket);
      slot = await this.pacer.reserve();
      await this.db.updateTable('upstream_tickets').set({ served_at: new Date(this.clock.now()).toISOString() }).where('id', '=', ticket).execute();
    } catch (error) {
      await this.db.deleteFrom('upstream_tickets').where('id', '=', ticket).execute();
      throw error;
    }
    const wait = slot - this.clock.now();
    if (wait > 0) await this.clock.sleep(wait);
    await this.pacer.startedAt(slot, this.clock.now());
    return task();
  }

  /**
   * A ticket for the user, or UserQueueFullError. The user's row is written first (to the same value)
   * so that PostgreSQL's row lock or SQLite's write lock makes count-and-insert one step for that
   * user across instances.
   */
  private async take(userId: number): Promise<number> {
    const now = this.clock.now();
    const nowIso = new Date(now).toISOString();
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ data_version: sql<number>`data_version` }).where('id', '=', userId).execute();
      const waiting = await trx
        .selectFrom('upstream_tickets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('queue', '=', this.queue)
        .where('user_id', '=', userId)
        .where('served_at', 'is', null)
        .where('expires_at', '>', nowIso)
        .executeTakeFirstOrThrow();
      if (Number(waiting.n) >= WAITING_PER_USER) {
        const seconds = Math.max(1, Math.ceil((WAITING_PER_USER * this.intervalMs) / 1000));
        throw new UserQueueFullError(`${this.queue}: ${WAITING_PER_USER} requests of user ${userId} already waiting`, seconds);
      }
      // A user's first waiting request is always let in (round-robin serves it within one turn per
      // waiting user); a further one is shed at once when the whole queue is already longer than a
      // caller should wait, rather than waiting that long to be told.
      if (Number(waiting.n) > 0) {
        const everyone = await trx
          .selectFrom('upstream_tickets')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('queue', '=', this.queue)
          .where('served_at', 'is', null)
          .where('expires_at', '>', nowIso)
          .executeTakeFirstOrThrow();
        if ((Number(everyone.n) + 1) * this.intervalMs > this.maxWaitMs) throw new QueueFullError(`the queue of ${this.queue} is full`);
      }
      const row = await trx
        .insertInto('upstream_tickets')
        .values({ queue: this.queue, user_id: userId, created_at: nowIso, expires_at: new Date(now + this.maxWaitMs + 5000).toISOString(), served_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Old turns and abandoned tickets of this user go; other users' go with their own next ticket.
      await trx
        .deleteFrom('upstream_tickets')
        .where('queue', '=', this.queue)
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('served_at', '<', new Date(now - TURN_MEMORY_MS).toISOString()), eb.and([eb('served_at', 'is', null), eb('expires_at', '<=', nowIso)])]))
        .execute();
      return Number(row.id);
    });
  }

  /** Waits until the ticket is at the head of the round-robin, or throws QueueFullError after maxWaitMs. */
  private async waitForTurn(ticket: number): Promise<void> {
    const deadline = this.clock.now() + this.maxWaitMs;
    for (;;) {
      // The head takes the pacer's slot only when it is due: taken ahead, slot after slot would go to
      // whoever is at the head now, and a user arriving a moment later would queue behind them all.
      if ((await this.head()) === ticket) {
        const due = await this.pacer.nextSlot();
        if (due - this.clock.now() <= this.pollMs) return;
        // The pace is booked beyond what this caller may wait: say so now rather than at the deadline.
        if (due > deadline) throw new QueueFullError(`the queue of ${this.queue} is full`);
      }
      if (this.clock.now() >= deadline) throw new QueueFullError(`waited too long in the queue of ${this.queue}`);
      await this.clock.sleep(this.pollMs);
    }
  }

  /** The ticket served next: of the waiting users, the one whose last turn is oldest (never first); their oldest ticket. */
  private async head(): Promise<number | undefined> {
    const nowIso = new Date(this.clock.now()).toISOString();
    const waiting: Waiting[] = await this.db
      .selectFrom('upstream_tickets')
      .select(['id', 'user_id'])
      .where('queue', '=', this.queue)
      .where('served_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .orderBy('id', 'asc')
      .execute();
    if (waiting.length === 0) return undefined;
    const users = [...new Set(waiting.map((w) => w.user_id))];
    const turns = await this.db
      .selectFrom('upstream_tickets')
      .select((eb) => ['user_id', eb.fn.max('served_at').as('last')])
      .where('queue', '=', this.queue)
      .where('user_id', 'in', users)
      .where('served_at', 'is not', null)
      .groupBy('user_id')
      .execute();
    const lastTurn = new Map(turns.map((t) => [t.user_id, String(t.last)]));
    let best: Waiting | undefined;
    for (const candidate of waiting) {
      // `waiting` is oldest first, so the first ticket seen of each user is their oldest.
      if (best === undefined) {
        best = candidate;
        continue;
      }
      if (candidate.user_id === best.user_id) continue;
      const mine = lastTurn.get(candidate.user_id) ?? '';
      const theirs = lastTurn.get(best.user_id) ?? '';
      if (mine < theirs) best = candidate;
    }
    return best?.id;
  }
}
