import { z } from 'zod';
import { ALBUM_FORMATS } from './album-formats.js';

/**
 * Share tokens (docs/product/sharing.md#tokens): base64url of 24 random bytes (192 bits) → 32
 * characters. Anything outside this alphabet and length range cannot be a token of ours and is refused
 * before the database is asked.
 */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
export const isShareTokenShape = (value: string): boolean => SHARE_TOKEN_PATTERN.test(value);

/**
 * docs/product/sharing.md#public-page: the text of the shared page's "Collection Not Found" state,
 * also the 404 message.
 */
export const SHARED_COLLECTION_NOT_FOUND = 'This shared collection link is invalid or has been disabled';

/** The path of the public page of a share (docs/product/sharing.md#dialog: site origin + this path). */
export const sharedCollectionPath = (shareToken: string): string => `/shared/${shareToken}`;

/** POST /api/collections/{id}/share → 200. */
export const shareResponseSchema = z.object({ shareToken: z.string() });
export type ShareResponse = z.infer<typeof shareResponseSchema>;

/**
 * GET /api/shared/{token} → 200: only the collection name and the owner's names
 * (docs/product/sharing.md#public-api).
 */
export const sharedCollectionResponseSchema = z.object({
  collection: z.object({
    name: z.string(),
    owner: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable() }),
  }),
});
export type SharedCollectionResponse = z.infer<typeof sharedCollectionResponseSchema>;

/** GET /api/shared/{token}/artists → 200: one entry per artist (case-insensitively), sorted case-insensitively. */
export const sharedArtistsResponseSchema = z.object({ artists: z.array(z.string()) });
export type SharedArtistsResponse = z.infer<typeof sharedArtistsResponseSchema>;

export const SHARED_SORT_FIELDS = ['title', 'artist'] as const;
export type SharedSortField = (typeof SHARED_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

// The page's URL template sends `?artist=&sortBy=&sortOrder=`: a blank value means "not given".
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * GET /api/shared/{token}/albums query. `artist` is an exact, case-insensitive match of one name from
 * the artists list (the page's filter is a select of that list); blank means every artist.
 */
export const sharedAlbumsQuerySchema = z.object({
  artist: z.string({ error: 'artist must be a single value' }).trim().max(500, 'artist is too long').optional(),
  sortBy: z.preprocess(
    blankToUndefined,
    z.enum(SHARED_SORT_FIELDS, { error: "sortBy must be 'title' or 'artist'" }).default('title'),
  ),
  sortOrder: z.preprocess(
    blankToUndefined,
    z.enum(SORT_ORDERS, { error: "sortOrder must be 'asc' or 'desc'" }).default('asc'),
  ),
});
/** What a client may send; every field is optional. */
export interface SharedAlbumsQuery {
  artist?: string;
  sortBy?: SharedSortField;
  sortOrder?: SortOrder;
}

/**
 * One album as a visitor sees it (docs/product/sharing.md#public-api: nothing else; never notes,
 * location, rating, barcode, prices or loans). coverUrl is a stored cover rewritten to the share's
 * own public image route, a remote http(s) URL unchanged, or null.
 */
export const sharedAlbumSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  coverUrl: z.string().nullable(),
  format: z.enum(ALBUM_FORMATS).nullable(),
  releaseYear: z.number().int().nullable(),
});
export type SharedAlbum = z.infer<typeof sharedAlbumSchema>;

/** GET /api/shared/{token}/albums → 200. */
export const sharedAlbumsResponseSchema = z.object({ albums: z.array(sharedAlbumSchema) });
export type SharedAlbumsResponse = z.infer<typeof sharedAlbumsResponseSchema>;

/** GET /api/shared/{token}/cover-art/{name}?size=thumb|full (default full). */
export const sharedCoverQuerySchema = z.object({
  size: z.preprocess(blankToUndefined, z.enum(['full', 'thumb'], { error: "size must be 'thumb' or 'full'" }).default('full')),
});
