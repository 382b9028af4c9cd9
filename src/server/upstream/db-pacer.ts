import type { Db } from '../db/database.js';
import { settingsRepository } from '../db/settings.repository.js';
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
    return Number(await settingsRepository.get(this.db, this.key)) || 0;
  }

  /** The next free slot (a time in ms), taken for the caller; QueueFullError when it is too far away. */
  async reserve(): Promise<number> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const now = this.clock.now();
      const value = await settingsRepository.get(this.db, this.key);
      if (value === undefined) {
        await settingsRepository.insertIfAbsent(this.db, this.key, '0');
        continue;
      }
      const slot = Math.max(now, Number(value) || 0);
      if (slot - now > this.maxWaitMs) throw new QueueFullError(`the queue of ${this.key} is full`);
      if (await settingsRepository.compareAndSet(this.db, this.key, value, String(slot + this.intervalMs))) return slot;
    }
    throw new QueueFullError(`could not reserve a slot of ${this.key}`);
  }

  /**
   * Called as a call starts: when it starts later than its slot (a busy event loop, a slow bookkeeping
   * write), the next free slot moves on with it, so the upstream still sees starts `intervalMs` apart —
   * unless someone has already taken that next slot, whose time then stands.
   */
  async startedAt(slot: number, started: number): Promise<void> {
    if (started <= slot) return;
    await settingsRepository.compareAndSet(this.db, this.key, String(slot + this.intervalMs), String(started + this.intervalMs));
  }

  async schedule<T>(task: () => Promise<T>): Promise<T> {
    const slot = await this.reserve();
    const wait = slot - this.clock.now();
    if (wait > 0) await this.clock.sleep(wait);
    await this.startedAt(slot, this.clock.now());
    return task();
  }
}
