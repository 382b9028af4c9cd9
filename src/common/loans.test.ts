import { describe, expect, it } from 'vitest';
import { daysLent, lentForText, LOAN_REMINDER_MESSAGES, loanState, loanToday } from './loans';
import { loanRemindersUpdateSchema } from './loans.schemas';

describe('days lent: whole calendar days from the lent date to today', () => {
  it.each([
    ['2026-11-24', '2026-11-24', 0],
    ['2026-11-23', '2026-11-24', 1],
    // Month ends: 31-, 30- and 28-day months.
    ['2026-01-31', '2026-02-01', 1],
    ['2026-04-30', '2026-05-01', 1],
    ['2026-01-31', '2026-03-01', 29],
    ['2026-02-28', '2026-03-01', 1],
    // Leap years: 2024 has 29 February, 2100 does not, 2000 does.
    ['2024-02-28', '2024-03-01', 2],
    ['2024-02-29', '2024-03-01', 1],
    ['2100-02-28', '2100-03-01', 1],
    ['2000-02-28', '2000-03-01', 2],
    ['2024-01-01', '2025-01-01', 366],
    ['2025-01-01', '2026-01-01', 365],
    // Across the year end and a daylight-saving change (no hour counts: these are calendar days).
    ['2025-12-31', '2026-01-01', 1],
    ['2026-03-28', '2026-03-30', 2],
    ['2026-10-24', '2026-10-26', 2],
  ])('from %s to %s is %d', (lent, today, days) => {
    expect(daysLent(lent, today)).toBe(days);
  });

  it('a lent date in the future counts as lent today (0), never negative', () => {
    expect(daysLent('2026-11-25', '2026-11-24')).toBe(0);
    expect(daysLent('2030-01-01', '2026-11-24')).toBe(0);
  });

  it('no date, or a date that does not exist, gives null (nothing to count from)', () => {
    expect(daysLent(null, '2026-11-24')).toBeNull();
    expect(daysLent('', '2026-11-24')).toBeNull();
    expect(daysLent('2025-02-29', '2026-11-24')).toBeNull();
    expect(daysLent('2026-13-01', '2026-11-24')).toBeNull();
    expect(daysLent('24/11/2026', '2026-11-24')).toBeNull();
  });
});

describe('overdue: lent longer than the chosen number of days', () => {
  const reminders = { days: 30, today: '2026-03-31' };
  it('is not overdue on day N, overdue from day N + 1', () => {
    expect(loanState({ isLent: true, lentDate: '2026-03-01' }, reminders)).toEqual({ days: 30, overdue: false });
    expect(loanState({ isLent: true, lentDate: '2026-02-28' }, reminders)).toEqual({ days: 31, overdue: true });
  });

  it('counts across February of a leap year', () => {
    expect(loanState({ isLent: true, lentDate: '2024-01-30' }, { days: 30, today: '2024-02-29' })).toEqual({ days: 30, overdue: false });
    expect(loanState({ isLent: true, lentDate: '2024-01-30' }, { days: 30, today: '2024-03-01' })).toEqual({ days: 31, overdue: true });
  });

  it('an album that is not lent has no loan state; lent without a date is never overdue', () => {
    expect(loanState({ isLent: false, lentDate: '2020-01-01' }, reminders)).toBeNull();
    expect(loanState({ isLent: true, lentDate: null }, reminders)).toEqual({ days: null, overdue: false });
  });

  it('a future lent date is not overdue, even with a 1-day reminder', () => {
    expect(loanState({ isLent: true, lentDate: '2027-01-01' }, { days: 1, today: '2026-03-31' })).toEqual({ days: 0, overdue: false });
  });
});

describe('the day loans are counted on is the UTC date', () => {
  it('late evening west of UTC is already the next UTC day', () => {
    expect(loanToday(new Date('2026-11-24T23:59:59.999Z'))).toBe('2026-11-24');
    expect(loanToday(new Date('2026-11-25T00:00:00.000Z'))).toBe('2026-11-25');
    expect(loanToday(new Date('2026-11-24T20:00:00-08:00'))).toBe('2026-11-25');
  });
});

describe('"Lent 45 days"', () => {
  it.each([
    [null, 'Lent'],
    [0, 'Lent today'],
    [1, 'Lent 1 day'],
    [45, 'Lent 45 days'],
  ])('%s days reads %j', (days, text) => {
    expect(lentForText(days)).toBe(text);
  });
});

describe('the "remind me after N days" setting', () => {
  const parse = (days: unknown) => loanRemindersUpdateSchema.safeParse({ days });
  const message = (days: unknown) => {
    const result = parse(days);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it.each([
    [30, 30],
    [1, 1],
    [3650, 3650],
    ['45', 45],
    [' 7 ', 7],
  ])('accepts %j as %d', (days, value) => {
    expect(parse(days)).toEqual({ success: true, data: { days: value } });
  });

  it.each([
    ['12,50', LOAN_REMINDER_MESSAGES.wholeNumber],
    ['12.5', LOAN_REMINDER_MESSAGES.wholeNumber],
    [12.5, LOAN_REMINDER_MESSAGES.wholeNumber],
    ['1e3', LOAN_REMINDER_MESSAGES.wholeNumber],
    ['', LOAN_REMINDER_MESSAGES.wholeNumber],
    ['thirty', LOAN_REMINDER_MESSAGES.wholeNumber],
    [null, LOAN_REMINDER_MESSAGES.wholeNumber],
    [true, LOAN_REMINDER_MESSAGES.wholeNumber],
    [Number.NaN, LOAN_REMINDER_MESSAGES.wholeNumber],
    [Number.POSITIVE_INFINITY, LOAN_REMINDER_MESSAGES.wholeNumber],
    ['99999999999999999999', LOAN_REMINDER_MESSAGES.wholeNumber],
    [0, LOAN_REMINDER_MESSAGES.tooSmall],
    [-5, LOAN_REMINDER_MESSAGES.tooSmall],
    ['-5', LOAN_REMINDER_MESSAGES.tooSmall],
    [3651, LOAN_REMINDER_MESSAGES.tooLarge],
    [1e12, LOAN_REMINDER_MESSAGES.tooLarge],
  ])('refuses %j: %s', (days, text) => {
    expect(message(days)).toBe(text);
  });

  it('refuses a missing value', () => {
    expect(loanRemindersUpdateSchema.safeParse({}).success).toBe(false);
  });
});
