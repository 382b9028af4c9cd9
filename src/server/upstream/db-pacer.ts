import type { Db } from '../db/database.js';
import { QueueFullError, realClock, type Clock } from './rate-limiter.js';
import type { Pacer } from './upstream-http.js';

/**
 * Spaces calls at least `intervalMs` apart across every app instance on one database: the next free
 * slot is a row of `settings`, and a caller reserves a slot by moving it on with a compare-and-set
 * update (the row is the lock; no engine-specific locking, so SQLite and PostgreSQL behave alike). A
 * slot further away than `maxWaitMs` is not taken: the caller is told the queue is full.
 */
export class DbPacer implements Pacer {
  constructor(
    private readonly db: Db,
    private readonly key: string,
    private readonly intervalMs: number,
    private readonly maxWaitMs: number,
    private readonly clock: Clock = realClock,
  ) {}

  /** When the next free slot comes (a time in ms; 0 when none was ever taken), without taking it. */
  async nextSlot(): Promise<number> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', this.key).executeTakeFirst();
    return Number(row?.value) || 0;
  }

  /** The next free slot (a time in ms), taken for the caller; QueueFullError when it is too far away. */
  async reserve(): Promise<number> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const now = this.clock.now();
      const row = await this.db.selectFrom('settings').select('value').where('key', '=', this.key).executeTakeFirst();
      if (!row) {
        await this.db
          .insertInto('settings')
          .values({ key: this.key, value: '0' })
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
        continue;
      }
      const slot = Math.max(now, Number(row.value) || 0);
      if (slot - now > this.maxWaitMs) throw new QueueFullError(`the queue of ${this.key} is full`);
      const taken = await this.db
        .updateTable('settings')
        .set({ value: String(slot + this.intervalMs) })
        .where('key', '=', this.key)
        .where('value', '=', row.value)
        .executeTakeFirst();
      if (taken.numUpdatedRows > 0n) return slot;
    }
    throw new QueueFullError(`could not reserve a slot of ${this.key}`);
  }

  async schedule<T>(task: () => Promise<T>): Promise<T> {
    const slot = await this.reserve();
    const wait = slot - this.clock.now();
    if (wait > 0) await this.clock.sleep(wait);
    return task();
  }
}
