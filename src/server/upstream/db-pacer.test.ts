import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { DbPacer } from './db-pacer.js';
import type { Clock } from './rate-limiter.js';

// The shared pace counts starts, since the upstream counts arrivals (docs/product/limits.md#fair-shares).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A clock that moves only when told: `sleep` advances it, `late` stands for a busy event loop. */
function fakeClock(start: number): Clock & { late(ms: number): void } {
  let now = start;
  return { now: () => now, sleep: async (ms) => void (now += ms), late: (ms) => void (now += ms) };
}

describe('the shared pace (DbPacer)', () => {
  it('a call that starts late moves the next slot with it, so the next start is still a whole interval later', async () => {
    const clock = fakeClock(1_000_000);
    const pacer = new DbPacer(t.app.ctx.db, 'testPaceLate', 1000, 60_000, clock);
    const starts: number[] = [];
    await pacer.schedule(async () => {
      starts.push(clock.now());
    });
    // The first call's bookkeeping took 300 ms before it could start: the next is due 1000 ms after it.
    const slot = await pacer.reserve();
    await clock.sleep(slot - clock.now());
    clock.late(300);
    await pacer.startedAt(slot, clock.now());
    starts.push(clock.now());
    await pacer.schedule(async () => {
      starts.push(clock.now());
    });
    expect(starts.map((s) => s - starts[0]!)).toEqual([0, 1300, 2300]);
  });

  it('a slot someone else has already taken stands: moving on never takes it back', async () => {
    const clock = fakeClock(2_000_000);
    const pacer = new DbPacer(t.app.ctx.db, 'testPaceTaken', 1000, 60_000, clock);
    const first = await pacer.reserve();
    const second = await pacer.reserve();
    clock.late(400);
    await pacer.startedAt(first, clock.now());
    expect(second - first).toBe(1000);
    expect(await pacer.nextSlot()).toBe(second + 1000);
  });
});
