import {
  SHARED_COLLECTION_NOT_FOUND,
  sharedCollectionPath,
  type SharedCollectionResponse,
  type SharedSortField,
  type SortOrder,
} from '../../../common/sharing.schemas';
import { ALBUM_FORMAT_NAMES, type AlbumFormat } from '../../../common/album-formats';
import { isApiError } from '../../lib/api-client';
import { API } from '../../lib/api-paths';
import { readRetry } from '../../lib/query-client';

/** The texts of sharing (docs/product/sharing.md#dialog, docs/product/sharing.md#public-page). */
export const SHARING_MESSAGES = {
  createFailed: 'Failed to create share link',
  disableFailed: 'Failed to disable sharing',
  notFoundTitle: 'Collection Not Found',
  notFoundText: SHARED_COLLECTION_NOT_FOUND,
  loadFailed: 'Unable to load this collection. The link may be invalid or expired.',
  updateFailed: 'Failed to update album list',
  empty: 'No albums found in this collection',
} as const;

/**
 * The line under a shared card's artist (docs/product/sharing.md#public-page): the format's display
 * name and the release year, whichever are filled; '' when neither is.
 */
export function sharedAlbumFacts(album: { format: AlbumFormat | null; releaseYear: number | null }): string {
  return [album.format && ALBUM_FORMAT_NAMES[album.format], album.releaseYear].filter(Boolean).join(' · ');
}

/** What the visitor chose: an artist of the list ('' = all), the sort field and the order. */
export interface SharedAlbumsView {
  artist: string;
  sortBy: SharedSortField;
  sortOrder: SortOrder;
}

/** docs/product/sharing.md#public-page: default sort is title ascending, every artist. */
export const DEFAULT_VIEW: SharedAlbumsView = { artist: '', sortBy: 'title', sortOrder: 'asc' };

export const sameView = (a: SharedAlbumsView, b: SharedAlbumsView): boolean =>
  a.artist === b.artist && a.sortBy === b.sortBy && a.sortOrder === b.sortOrder;

const sharedBase = (token: string) => `${API.shared}/${encodeURIComponent(token)}`;

/** GET /api/shared/{token}; also the query key (the key starts with the URL). */
export const sharedCollectionUrl = (token: string): string => sharedBase(token);
export const sharedArtistsUrl = (token: string): string => `${sharedBase(token)}/artists`;

/** docs/product/sharing.md#public-api: /api/shared/{token}/albums?artist=&sortBy=&sortOrder=, every parameter always sent. */
export function sharedAlbumsUrl(token: string, view: SharedAlbumsView): string {
  const query = new URLSearchParams({ artist: view.artist, sortBy: view.sortBy, sortOrder: view.sortOrder });
  return `${sharedBase(token)}/albums?${query.toString()}`;
}

/** docs/product/sharing.md#dialog: the link is the site origin plus /shared/{token}. */
export const shareLinkFor = (origin: string, token: string): string => `${origin}${sharedCollectionPath(token)}`;

const countFormat = new Intl.NumberFormat('en-US');

/** The album count text ("1 album", "12 albums"). */
export const albumCountText = (count: number): string => `${countFormat.format(count)} ${count === 1 ? 'album' : 'albums'}`;

/** The owner's name as a visitor sees it, or null when the owner gave none. */
export function ownerName(owner: SharedCollectionResponse['collection']['owner']): string | null {
  const name = [owner.firstName, owner.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/** The owner line under the collection name. */
export function ownerLine(owner: SharedCollectionResponse['collection']['owner']): string {
  const name = ownerName(owner);
  return name ? `Shared by ${name}` : 'Shared by a Spindle collector';
}

/**
 * Public reads are retried like any read, except a 404: a wrong or disabled link will not come back,
 * and the visitor should see "Collection Not Found" at once rather than after a retry delay.
 */
export const sharedReadRetry = (failureCount: number, error: unknown): boolean => !isApiError(error, 404) && readRetry(failureCount, error);

/**
 * What a failing album-list read means for the page:
 * - 'not-found': the link is wrong or was disabled (404) → the Collection Not Found state;
 * - 'unavailable': nothing was ever shown (the first load failed otherwise) → the
 *   "Unable to load this collection…" toast, then home;
 * - 'revert': a filter or sort change failed → "Failed to update album list", and the controls go
 *   back to the list still on screen so what they say matches what is shown;
 * - 'ignore': a background refresh of the list on screen failed; it stays as it is.
 */
export type AlbumsFailure = 'not-found' | 'unavailable' | 'revert' | 'ignore';

export function albumsFailure(error: unknown, requested: SharedAlbumsView, shown: SharedAlbumsView | null): AlbumsFailure {
  if (isApiError(error, 404)) return 'not-found';
  if (!shown) return 'unavailable';
  return sameView(requested, shown) ? 'ignore' : 'revert';
}

/** How a failing read of the collection itself is shown: the same rules, with nothing to revert. */
export function collectionFailure(error: unknown, hasData: boolean): 'not-found' | 'unavailable' | 'ignore' {
  if (isApiError(error, 404)) return 'not-found';
  return hasData ? 'ignore' : 'unavailable';
}
