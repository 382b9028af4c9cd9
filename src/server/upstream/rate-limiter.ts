export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Thrown when the queue is already longer than a caller should wait. */
export class QueueFullError extends Error {}

/**
 * Spaces calls at least `intervalMs` apart, in the order they arrive: each caller reserves the next
 * free slot and waits for it. `maxWaitMs` bounds the queue so a burst cannot park requests forever.
 */
export class RateLimiter {
  private nextSlot = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly maxWaitMs: number,
    private readonly clock: Clock = realClock,
  ) {}

  async schedule<T>(task: () => Promise<T>): Promise<T> {
    const now = this.clock.now();
    const slot = Math.max(now, this.nextSlot);
    if (slot - now > this.maxWaitMs) throw new QueueFullError('rate limit queue is full');
    this.nextSlot = slot + this.intervalMs;
    if (slot > now) await this.clock.sleep(slot - now);
    return task();
  }
}
