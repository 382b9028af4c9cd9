import { SELECTED_COLLECTION_COOKIE, STORAGE_KEYS } from '../../../common/constants';
import { localStore } from '../../lib/storage';

/**
 * docs/product/collections.md#all-albums: the selection that shows every collection at once. A
 * collection's name is never empty (docs/product/collections.md#fields), so the empty name, in the
 * address (`collection=`) and in storage, can only mean All albums.
 */
export const ALL_ALBUMS = '';

/**
 * docs/product/collections.md#selection: the URL's collection (or All albums) if it exists, else
 * the stored one if it exists, else the first; none when there are no collections. Names are unique
 * case-insensitively (docs/product/collections.md#fields), so a name typed in another case still
 * finds its collection; the canonical name is returned.
 */
export function resolveSelectedCollection(names: readonly string[], fromUrl: string | null, stored: string | null): string | null {
  if (names.length === 0) return null;
  return findName(names, fromUrl) ?? findName(names, stored) ?? names[0]!;
}

function findName(names: readonly string[], wanted: string | null): string | undefined {
  if (wanted === ALL_ALBUMS) return ALL_ALBUMS;
  if (!wanted) return undefined;
  if (names.includes(wanted)) return wanted;
  const key = wanted.toLocaleLowerCase();
  return names.find((name) => name.toLocaleLowerCase() === key);
}

/**
 * docs/product/collections.md#selection: after deleting a collection the selection falls
 * back to another one (its neighbour in the list: the next, else the previous), or to
 * none.
 */
export function collectionAfterDelete(names: readonly string[], deleted: string): string | null {
  const index = names.indexOf(deleted);
  const rest = names.filter((name) => name !== deleted);
  if (rest.length === 0) return null;
  if (index < 0) return rest[0]!;
  return rest[Math.min(index, rest.length - 1)]!;
}

/** docs/product/collections.md#selection: switching goes to /collection?collection={name} (All albums: `collection=`). */
export const collectionHref = (name: string) => `/collection?collection=${encodeURIComponent(name)}`;

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
