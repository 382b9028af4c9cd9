import { describe, expect, it } from 'vitest';
import { isOverdueDismissed, normalizeOverdueDismissal, OVERDUE_DISMISSAL_MAX_LENGTH, overdueDismissalOf, overdueLoanKeys } from './overdue-dismissal';

const reminders = { days: 30, today: '2026-11-28' };

describe('the overdue line dismissed on this device (docs/product/loans.md#overdue-count)', () => {
  it('keys the overdue loans by album and lent date, sorted; loans within the reminder or without a date are not overdue', () => {
    const albums = [
      { id: 12, isLent: true, lentDate: '2026-09-01' },
      { id: 3, isLent: true, lentDate: '2026-10-01' },
      { id: 4, isLent: true, lentDate: '2026-11-20' },
      { id: 5, isLent: true, lentDate: null },
      { id: 6, isLent: false, lentDate: null },
    ];
    expect(overdueLoanKeys(albums, reminders)).toEqual(['12:2026-09-01', '3:2026-10-01']);
  });

  it('stays dismissed until another loan becomes overdue; a loan returned since changes nothing', () => {
    const stored = overdueDismissalOf(['3:2026-10-01', '12:2026-09-01']);
    expect(isOverdueDismissed(stored, ['12:2026-09-01', '3:2026-10-01'])).toBe(true);
    expect(isOverdueDismissed(stored, ['3:2026-10-01'])).toBe(true);
    expect(isOverdueDismissed(stored, ['3:2026-10-01', '7:2026-08-01'])).toBe(false);
    // The same album lent again later, overdue again: a new loan.
    expect(isOverdueDismissed(stored, ['3:2026-10-02'])).toBe(false);
    expect(isOverdueDismissed('', ['3:2026-10-01'])).toBe(false);
    expect(isOverdueDismissed('', [])).toBe(true);
  });

  it('keeps a list too long for a cookie as its digest, dismissed until the overdue loans change', () => {
    const keys = Array.from({ length: 400 }, (_, i) => `${10_000 + i}:2026-01-01`);
    const stored = overdueDismissalOf(keys);
    expect(stored).toMatch(/^#[0-9a-f]{8}$/);
    expect(stored.length).toBeLessThan(OVERDUE_DISMISSAL_MAX_LENGTH);
    expect(isOverdueDismissed(stored, keys)).toBe(true);
    expect(isOverdueDismissed(stored, [...keys, '1:2026-01-01'])).toBe(false);
    expect(isOverdueDismissed(stored, keys.slice(1))).toBe(false);
    expect(normalizeOverdueDismissal(stored)).toBe(stored);
  });

  it('reads stored text leniently: the older JSON list, and nothing from anything else', () => {
    expect(normalizeOverdueDismissal('["3:2026-10-01","12:2026-09-01",4]')).toBe('12:2026-09-01.3:2026-10-01');
    expect(normalizeOverdueDismissal('3:2026-10-01.3:2026-10-01.junk')).toBe('3:2026-10-01');
    for (const hostile of [null, undefined, '', '[', '{"a":1}', '"><script>', '#zzzzzzzz', 'x'.repeat(100_000)]) {
      expect(normalizeOverdueDismissal(hostile)).toBe('');
    }
  });
});
