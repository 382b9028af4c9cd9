import { describe, expect, it } from 'vitest';
import { countIfCrossed, crossesThreshold } from './count-thresholds.js';

describe('crossing a count threshold (once per crossing)', () => {
  it('is a write that takes the count from below the threshold to at or above it', () => {
    expect(crossesThreshold(3, 2, 1)).toBe(false);
    expect(crossesThreshold(3, 3, 1)).toBe(true);
    expect(crossesThreshold(3, 4, 1)).toBe(false);
    expect(crossesThreshold(3, 5, 3)).toBe(true);
    expect(crossesThreshold(0, 1, 1)).toBe(false);
  });

  it('counts no further than threshold + added, and answers the same as a full count', async () => {
    for (const total of [0, 2, 3, 4, 10_000]) {
      const limits: number[] = [];
      const capped = (limit: number) => {
        limits.push(limit);
        return Promise.resolve(Math.min(total, limit));
      };
      expect(await countIfCrossed(3, 1, capped), String(total)).toBe(total === 3 ? 3 : null);
      expect(limits).toEqual([4]);
    }
    expect(await countIfCrossed(null, 1, () => Promise.reject(new Error('no count without a threshold')))).toBeNull();
  });
});
