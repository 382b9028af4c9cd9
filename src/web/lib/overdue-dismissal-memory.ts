import { OVERDUE_DISMISSED_COOKIE, STORAGE_KEYS } from '../../common/constants';
import { normalizeOverdueDismissal } from '../../common/overdue-dismissal';
import { localStore } from './storage';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The overdue loans this device dismissed the home's line for (docs/product/loans.md#overdue-count),
 * in the one spelling the server also uses (common/overdue-dismissal.ts): '' for none.
 */
export const readStoredOverdueDismissal = (): string => normalizeOverdueDismissal(localStore.get(STORAGE_KEYS.overdueDismissed));

/**
 * Copies the stored dismissal to the cookie the server reads, so the next visit's drawn home shows the
 * line exactly when the browser will. Also run when the home opens: a dismissal kept before the copy
 * existed, or a cookie the browser has since dropped, is copied again.
 */
export function copyOverdueDismissalToCookie(value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const rest = value === '' ? 'Max-Age=0' : `Max-Age=${ONE_YEAR_S}`;
  document.cookie = `${OVERDUE_DISMISSED_COOKIE}=${encodeURIComponent(value)}; ${rest}; Path=/; SameSite=Lax${secure}`;
}

const listeners = new Set<() => void>();

/** Calls `listener` when the dismissal changes, in this tab or another. */
export function subscribeOverdueDismissal(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Keeps `value` (made by overdueDismissalOf) in localStorage and its cookie copy. */
export function rememberOverdueDismissal(value: string): void {
  localStore.set(STORAGE_KEYS.overdueDismissed, value);
  copyOverdueDismissalToCookie(value);
  for (const listener of listeners) listener();
}
