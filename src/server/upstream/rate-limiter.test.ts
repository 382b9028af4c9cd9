import { describe, expect, it } from 'vitest';
import { QueueFullError, RateLimiter, type Clock } from './rate-limiter.js';

/** A clock that only moves when a sleeper is woken, so the schedule is exact and instant. */
function manualClock(): Clock & { runAll(): Promise<void> } {
  let now = 1_000_000;
  const sleepers: { until: number; wake: () => void }[] = [];
  return {
    now: () => now,
    sleep: (ms) => new Promise<void>((wake) => sleepers.push({ until: now + ms, wake })),
    async runAll() {
      for (;;) {
        await new Promise((r) => setImmediate(r));
        sleepers.sort((a, b) => a.until - b.until);
        const next = sleepers.shift();
        if (!next) return;
        now = Math.max(now, next.until);
        next.wake();
      }
    },
  };
}

describe('MusicBrainz request queue', () => {
  it('runs calls one second apart, in the order they came, whoever made them', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(1000, 60_000, clock);
    const started: number[] = [];
    const calls = Array.from({ length: 5 }, (_, i) =>
      limiter.schedule(async () => {
        started.push(clock.now());
        return i;
      }),
    );
    await clock.runAll();
    expect(await Promise.all(calls)).toEqual([0, 1, 2, 3, 4]);
    expect(started.map((t) => t - started[0]!)).toEqual([0, 1000, 2000, 3000, 4000]);
  });

  it('does not make a call wait when the last one was long enough ago', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(1000, 60_000, clock);
    const first = clock.now();
    await limiter.schedule(async () => undefined);
    await clock.runAll();
    let second = 0;
    const pending = limiter.schedule(async () => {
      second = clock.now();
    });
    await clock.runAll();
    await pending;
    expect(second - first).toBe(1000);
  });

  it('refuses to queue a caller beyond the longest wait', async () => {
    const clock = manualClock();
    const limiter = new RateLimiter(1000, 3000, clock);
    const queued = [0, 1, 2, 3].map(() => limiter.schedule(async () => 'ran'));
    const late = limiter.schedule(async () => 'ran');
    await expect(late).rejects.toBeInstanceOf(QueueFullError);
    await clock.runAll();
    expect(await Promise.all(queued)).toEqual(['ran', 'ran', 'ran', 'ran']);
  });
});
