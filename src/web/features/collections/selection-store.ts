import { SELECTED_COLLECTION_COOKIE, STORAGE_KEYS } from '../../../common/constants';
import { localStore } from '../../lib/storage';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The selected collection as stored in this browser (docs/product/collections.md#selection: localStorage
 * `selectedCollection`).
 */
export function readStoredSelection(): string | null {
  return localStore.get(STORAGE_KEYS.selectedCollection);
}

/**
 * Stores the selected collection (null: none), in localStorage and in a cookie the server reads to
 * draw the same collection on the next visit (SELECTED_COLLECTION_COOKIE).
 */
export function storeSelection(name: string | null): void {
  if (name === null) localStore.remove(STORAGE_KEYS.selectedCollection);
  else localStore.set(STORAGE_KEYS.selectedCollection, name);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = name === null ? '; Max-Age=0' : `${encodeURIComponent(name)}; Max-Age=${ONE_YEAR_S}`;
  document.cookie = `${SELECTED_COLLECTION_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`;
}
