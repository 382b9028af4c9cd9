import { loanState, type LoanReminders } from './loans.js';

/**
 * The home's overdue line, dismissed on this device (docs/product/loans.md#overdue-count): what was
 * dismissed is kept in localStorage with a cookie copy, so the server draws the line exactly as the
 * browser will (shown or not) and taking the drawing over moves nothing. Shared by the server, which
 * reads the cookie, and the browser, which writes both. Stored values come back from the browser, so
 * they are read leniently: anything unknown is dropped.
 */

/** A loan is its album and its lent date: the same album lent again and overdue again is a new loan. */
const LOAN_KEY = /^\d{1,15}:\d{4}-\d{2}-\d{2}$/;
const SEPARATOR = '.';
/** Above this the kept list becomes a digest: a cookie holds about 4 KB, and the name and others share it. */
export const OVERDUE_DISMISSAL_MAX_LENGTH = 3000;
const DIGEST = /^#[0-9a-f]{8}$/;
/** Longer stored text is not read at all (a hand-made cookie); real values stay under the budget above. */
const MAX_READ_LENGTH = 64 * 1024;

/** The keys of the overdue loans among `albums`, sorted and without repeats. */
export function overdueLoanKeys(albums: readonly { id: number; isLent: boolean; lentDate: string | null }[], reminders: LoanReminders): string[] {
  const keys = new Set<string>();
  for (const album of albums) if (album.lentDate && loanState(album, reminders)?.overdue) keys.add(`${album.id}:${album.lentDate}`);
  return [...keys].sort();
}

/** FNV-1a over the text, as 8 hex digits: not a secret, only a short name for a long list. */
function digestOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `#${hash.toString(16).padStart(8, '0')}`;
}

/**
 * What dismissing the line keeps for these overdue loans: their keys, or, for a list too long for a
 * cookie, its digest (then the line stays dismissed until the overdue loans change in any way).
 */
export function overdueDismissalOf(keys: readonly string[]): string {
  const sorted = [...new Set(keys.filter((key) => LOAN_KEY.test(key)))].sort();
  const joined = sorted.join(SEPARATOR);
  return joined.length > OVERDUE_DISMISSAL_MAX_LENGTH ? digestOf(joined) : joined;
}

/**
 * A stored dismissal in its one spelling ('' for none). Also reads the older JSON list the browser
 * kept before the cookie copy existed, so a dismissal made then still holds.
 */
export function normalizeOverdueDismissal(raw: string | null | undefined): string {
  if (!raw || raw.length > MAX_READ_LENGTH) return '';
  if (DIGEST.test(raw)) return raw;
  let keys: unknown[];
  if (raw.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      keys = Array.isArray(parsed) ? parsed : [];
    } catch {
      keys = [];
    }
  } else {
    keys = raw.split(SEPARATOR);
  }
  return overdueDismissalOf(keys.filter((key): key is string => typeof key === 'string'));
}

/** Whether the line stays hidden: every loan overdue now was overdue when it was dismissed. */
export function isOverdueDismissed(stored: string, overdueKeys: readonly string[]): boolean {
  if (overdueKeys.length === 0) return true;
  if (stored === '') return false;
  if (DIGEST.test(stored)) return overdueDismissalOf(overdueKeys) === stored;
  const dismissed = new Set(stored.split(SEPARATOR));
  return overdueKeys.every((key) => dismissed.has(key));
}
