import { describe, expect, it } from 'vitest';
import { formatCents, formatCount } from './number-format';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('number texts without Intl', () => {
  it.each([0, 1, 12, 999, 1000, 10_000, 123_456, 1_000_000, 987_654_321, -1234])('formatCount(%i) equals toLocaleString', (n) => {
    expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it.each([0, 1, 30, 99, 100, 1250, 123_456, 100_000_000, 123_456_789_012, -30, -123_456])('formatCents(%i) equals Intl en-US USD', (cents) => {
    expect(formatCents(cents)).toBe(usd.format(cents / 100));
  });
});
