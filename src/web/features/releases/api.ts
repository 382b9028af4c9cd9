import { pressingSchema, releaseSearchResponseSchema, type Pressing } from '../../../common/releases.schemas';
import { ApiError, getJson, NetworkError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-client';

export const RELEASES_URL = '/api/releases';

/** What the pressings dialog searches by: the typed title and artist, or a checked barcode. */
export type PressingSearch = { kind: 'title'; title: string; artist: string } | { kind: 'barcode'; barcode: string };

export function pressingSearchUrl(search: PressingSearch): string {
  const query: Record<string, string> =
    search.kind === 'barcode' ? { barcode: search.barcode } : { title: search.title.trim(), artist: search.artist.trim() };
  return `${RELEASES_URL}?${new URLSearchParams(query).toString()}`;
}

/** GET /api/releases: pressings on MusicBrainz, best first ([] when none). A read: 401 and 402 lead on as every read. */
export async function searchPressings(search: PressingSearch, signal?: AbortSignal): Promise<Pressing[]> {
  return releaseSearchResponseSchema.parse(await getJson(pressingSearchUrl(search), { signal })).pressings;
}

/** GET /api/releases/{id}: the chosen pressing with its genre (MusicBrainz's genres of the release and its group). */
export async function lookupPressing(releaseId: string): Promise<Pressing> {
  return pressingSchema.parse(await getJson(`${RELEASES_URL}/${encodeURIComponent(releaseId)}`));
}

/** The server's words for a failed lookup, when it gave some. */
export function releaseErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof NetworkError) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}
