import { describe, expect, it } from 'vitest';
import { parseThreshold } from './threshold';

describe('parseThreshold (docs/product/admin.md#alerts)', () => {
  it('takes a whole number of zero or more', () => {
    expect(parseThreshold('0')).toBe(0);
    expect(parseThreshold(' 250 ')).toBe(250);
  });

  it('ignores negative, fractional, empty and other input', () => {
    for (const text of ['-1', '2.5', '', ' ', 'abc', '1e3', '99999999999']) expect(parseThreshold(text), text).toBeNull();
  });
});
