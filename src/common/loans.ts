/**
 * Loan reminders (docs/product/loans.md#overdue): an album lent out for longer than the collector's
 * chosen number of days is overdue. Whose day counts: the server's UTC calendar date, which the server
 * hands to the browser with the user (`loanReminders.today`), so the server-drawn home, the browser's
 * home, the album form and analytics all count from the same day (docs/decisions.md, "Loan
 * reminders").
 */
export const LOAN_REMINDER_DEFAULT_DAYS = 30;
export const LOAN_REMINDER_MIN_DAYS = 1;
/** Ten years: beyond that a reminder means nothing, and the bound keeps the integer column small. */
export const LOAN_REMINDER_MAX_DAYS = 3650;

export const LOAN_REMINDER_MESSAGES = {
  wholeNumber: `Enter a whole number of days, from ${LOAN_REMINDER_MIN_DAYS} to ${LOAN_REMINDER_MAX_DAYS}`,
  tooSmall: `Remind me after at least ${LOAN_REMINDER_MIN_DAYS} day`,
  tooLarge: `Remind me after at most ${LOAN_REMINDER_MAX_DAYS} days (10 years)`,
} as const;

/** The user's setting as the API shows it with the user: the days, and the day the server counts from. */
export interface LoanReminders {
  days: number;
  /** YYYY-MM-DD: the server's UTC date when the user was read. */
  today: string;
}

/** The UTC calendar date of `now` as YYYY-MM-DD: the day loans are counted on (see above). */
export function loanToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A YYYY-MM-DD calendar date as days since 1970-01-01, or null when it is not a real date. */
function dayNumber(isoDate: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  // Date.UTC rolls 2025-02-30 over to March: such a date is not a date.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return ms / 86_400_000;
}

/**
 * Whole calendar days from `lentDate` to `today` (both YYYY-MM-DD): 0 on the day it was lent, and 0
 * for a date after today (a collector east of UTC may lend "tomorrow" by the server's calendar; it is
 * not out yet). Null when the album has no (valid) lent date.
 */
export function daysLent(lentDate: string | null, today: string): number | null {
  if (!lentDate) return null;
  const from = dayNumber(lentDate);
  const to = dayNumber(today);
  if (from === null || to === null) return null;
  return Math.max(0, to - from);
}

export interface LoanState {
  /** Whole days out; null when the album is lent without a date (nothing to count from). */
  days: number | null;
  /** Lent longer than the reminder's days: day N+1 after the lent date is the first overdue day. */
  overdue: boolean;
}

/** The loan state of an album, or null when it is not lent. */
export function loanState(album: { isLent: boolean; lentDate: string | null }, reminders: LoanReminders): LoanState | null {
  if (!album.isLent) return null;
  const days = daysLent(album.lentDate, reminders.today);
  return { days, overdue: days !== null && days > reminders.days };
}

/** "Lent today", "Lent 1 day", "Lent 45 days". */
export function lentForText(days: number | null): string {
  if (days === null) return 'Lent';
  if (days === 0) return 'Lent today';
  return days === 1 ? 'Lent 1 day' : `Lent ${days} days`;
}

/**
 * GET /api/user/overdue-loans: how many of the collector's albums, across every collection, are
 * overdue today, for the header menu of pages that do not read the whole album list.
 */

/**
 * The latest lent date that is overdue on `today` with a reminder of `days`: lent on it, an album has
 * been out days + 1 days. A loan is overdue exactly when its (valid) date is on or before this one.
 */
export function latestOverdueLentDate(reminders: LoanReminders): string | null {
  const today = dayNumber(reminders.today);
  if (today === null) return null;
  return new Date((today - reminders.days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/** How many of `albums` are overdue on the reminders' day (the home reads every album already). */
export function countOverdue(albums: readonly { isLent: boolean; lentDate: string | null }[], reminders: LoanReminders): number {
  let count = 0;
  for (const album of albums) if (loanState(album, reminders)?.overdue) count += 1;
  return count;
}
