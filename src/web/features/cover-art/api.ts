import {
  coverSearchResponseSchema,
  storedCoverResponseSchema,
  type CoverSearchResponse,
  type StoredCoverResponse,
} from '../../../common/cover-art.schemas';
import { apiRequest, ApiError, getJson, NetworkError, send, toApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';
import { API } from '../../lib/api-paths';

export const COVER_IMPORT_URL = `${API.coverArt}/import`;

/** The search's GET URL, which is also its query key. */
export function coverSearchUrl(title: string, artist: string): string {
  return `${API.coverArt}?${new URLSearchParams({ title: title.trim(), artist: artist.trim() }).toString()}`;
}

/**
 * GET /api/cover-art (docs/product/cover-art.md#search): remote image URLs, best first;
 * [] when nothing is found. A read, so a 401 signs out and a 402 leads to the
 * subscription page like every other read.
 */
export async function searchCoverArt({ title, artist }: { title: string; artist: string }): Promise<CoverSearchResponse> {
  return coverSearchResponseSchema.parse(await getJson(coverSearchUrl(title, artist)));
}

export interface CoverUploadInput {
  file: File;
  title?: string;
  artist?: string;
  /** Only when editing an existing album (docs/product/cover-art.md#upload). */
  albumId?: number;
}

/** POST /api/cover-art/upload, multipart with the session cookie: the stored cover's /api/cover-art/... URL. */
export async function uploadCoverArt({ file, title, artist, albumId }: CoverUploadInput): Promise<StoredCoverResponse> {
  const body = new FormData();
  // Text fields first: the server reads the parts in order.
  if (title?.trim()) body.append('title', title.trim());
  if (artist?.trim()) body.append('artist', artist.trim());
  if (albumId !== undefined) body.append('albumId', String(albumId));
  body.append('file', file, file.name);
  // No Content-Type header: the browser writes the multipart boundary itself.
  const response = await send(API.coverArtUpload, { method: 'POST', headers: { Accept: 'application/json' }, body });
  if (!response.ok) throw await toApiError(response);
  return storedCoverResponseSchema.parse(await response.json());
}

/**
 * POST /api/cover-art/import: the server fetches and stores a remote cover (a search result or a
 * manual URL) so the album never depends on the remote host (docs/product/cover-art.md#import).
 */
export async function importCoverArt(url: string): Promise<StoredCoverResponse> {
  return storedCoverResponseSchema.parse(await apiRequest('POST', COVER_IMPORT_URL, { url }));
}

/** What a toast or a field shows for a failed cover-art call: the server's own words when it gave some. */
export function coverErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof NetworkError) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}
