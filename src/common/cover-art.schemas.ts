import { z } from 'zod';

/**
 * docs/product/cover-art.md#search: the search needs both fields; the form shows this text before
 * calling, the server repeats it.
 */
export const COVER_SEARCH_NEEDS_BOTH = 'Please enter both title and artist before searching for cover art.';
export const COVER_TEXT_MAX = 200;
export const IMAGE_URL_MAX = 2048;
/** Largest decoded image accepted (pixels over all frames): stops decompression bombs. */
export const MAX_IMAGE_PIXELS = 40_000_000;

const searchText = z
  .string()
  .trim()
  .max(COVER_TEXT_MAX, `Title and artist must be at most ${COVER_TEXT_MAX} characters`)
  .optional()
  .transform((value) => value ?? '');

/** GET /api/cover-art?title=&artist= (the route answers COVER_SEARCH_NEEDS_BOTH when either is blank). */
export const coverSearchQuerySchema = z.object({ title: searchText, artist: searchText });
export type CoverSearchQuery = z.input<typeof coverSearchQuerySchema>;

/** docs/product/cover-art.md#search: a JSON array of image URL strings, best matches first. */
export const coverSearchResponseSchema = z.array(z.string());
export type CoverSearchResponse = z.infer<typeof coverSearchResponseSchema>;

/** The text fields of POST /api/cover-art/upload (multipart, beside the `file` part). */
export const coverUploadFieldsSchema = z.object({
  title: z.string().trim().max(COVER_TEXT_MAX, `Title must be at most ${COVER_TEXT_MAX} characters`).optional(),
  artist: z.string().trim().max(COVER_TEXT_MAX, `Artist must be at most ${COVER_TEXT_MAX} characters`).optional(),
  albumId: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^[1-9][0-9]{0,9}$/, 'albumId must be a positive whole number')
      .transform(Number)
      .optional(),
  ),
});
export type CoverUploadFields = z.infer<typeof coverUploadFieldsSchema>;

/** POST /api/cover-art/upload and /api/cover-art/import answer the stored cover's address. */
export const storedCoverResponseSchema = z.object({ url: z.string() });
export type StoredCoverResponse = z.infer<typeof storedCoverResponseSchema>;

const imageUrl = z
  .string({ error: 'Please enter an image address' })
  .trim()
  .min(1, 'Please enter an image address')
  .max(IMAGE_URL_MAX, `Image addresses must be at most ${IMAGE_URL_MAX} characters`);

/** POST /api/cover-art/import: store a chosen remote cover (a search result or a manual URL). */
export const coverImportRequestSchema = z.object({ url: imageUrl });
export type CoverImportRequest = z.input<typeof coverImportRequestSchema>;

/** GET /api/cover-art/{filename}?size=thumb serves the grid thumbnail. */
export const coverImageQuerySchema = z.object({
  size: z.enum(['full', 'thumb'], { error: 'size must be full or thumb' }).optional(),
});

/** GET /api/cover-art-image?url= (docs/product/cover-art.md#proxy): the safe image proxy. */
export const coverProxyQuerySchema = z.object({ url: imageUrl });
