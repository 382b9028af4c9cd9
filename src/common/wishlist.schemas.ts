import { z } from 'zod';
import { ALBUM_FORMATS } from './album-formats.js';
import { albumDetailRequestFields } from './album-details.schemas.js';
import { ALBUM_TEXT_LIMITS, isAllowedCoverUrl, PRICE_MAX } from './albums.schemas.js';
import { parsePriceText } from './price-text.js';
import { optionalText, requiredText } from './text-fields.js';

/** docs/product/wishlist.md: the messages the server answers and the page shows. */
export const WISHLIST_MESSAGES = {
  wishNotFound: 'Wish list item not found',
  sharedNotFound: 'This shared wish list link is invalid or has been disabled',
  owned: (title: string, artist: string) => `You own this album: "${title}" by ${artist} is already in your collection.`,
  priority: 'Priority must be 1 (must have), 2 (want) or 3 (maybe)',
  deleted: 'Wish list item deleted successfully',
  shareDisabled: 'Wish list sharing disabled',
} as const;

/** 1 must have, 2 want, 3 maybe (docs/product/wishlist.md#fields). */
export const WISH_PRIORITIES = [1, 2, 3] as const;
export type WishPriority = (typeof WISH_PRIORITIES)[number];
export const DEFAULT_WISH_PRIORITY: WishPriority = 2;

/** The most the collector will pay, in dollars, read as an album price is (docs/product/albums.md#fields). */
const maxPriceSchema = z
  .union([z.number(), z.string(), z.null()], { error: 'Max price must be a number' })
  .optional()
  .transform((value, ctx): number | null => {
    if (value === undefined || value === null) return null;
    let price: number;
    if (typeof value === 'number') price = value;
    else {
      const parsed = parsePriceText(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }
      if (parsed.value === null) return null;
      price = parsed.value;
    }
    if (Number.isNaN(price)) return null;
    let problem: string | undefined;
    if (!Number.isFinite(price)) problem = 'Max price must be a number';
    else if (price < 0) problem = 'Max price cannot be negative';
    else if (price > PRICE_MAX) problem = `Max price must be at most ${PRICE_MAX}`;
    else if (Math.abs(price * 100 - Math.round(price * 100)) > 1e-6) problem = 'Max price can have at most 2 decimals';
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return price;
  });

const prioritySchema = z
  .union([z.number(), z.string(), z.null()], { error: WISHLIST_MESSAGES.priority })
  .optional()
  .transform((value, ctx): WishPriority => {
    if (value === undefined || value === null || value === '') return DEFAULT_WISH_PRIORITY;
    const number = typeof value === 'number' ? value : Number(value.trim());
    if ((WISH_PRIORITIES as readonly number[]).includes(number)) return number as WishPriority;
    ctx.addIssue({ code: 'custom', message: WISHLIST_MESSAGES.priority });
    return z.NEVER;
  });

const coverUrlSchema = optionalText('Cover URL', ALBUM_TEXT_LIMITS.coverUrl).refine(
  (value) => value === null || isAllowedCoverUrl(value),
  'Cover art must be an http(s) address or an uploaded image',
);

const { format, pressing, catalogNumber, barcode, notes, discogsReleaseId, musicbrainzReleaseId } = albumDetailRequestFields;
/** The album's detail rules, with an absent field empty: a wish's PUT replaces every field. */
const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

/**
 * POST /api/wishlist and PUT /api/wishlist/{id} (docs/product/wishlist.md#fields): the album's
 * validation for the fields they share. allowOwned matters only to POST.
 */
export const wishRequestSchema = z.object({
  title: requiredText('Title is required', 'Title', ALBUM_TEXT_LIMITS.title),
  artist: requiredText('Artist is required', 'Artist', ALBUM_TEXT_LIMITS.artist),
  format: format.transform(orNull),
  pressing: pressing.transform(orNull),
  catalogNumber: catalogNumber.transform(orNull),
  barcode: barcode.transform(orNull),
  maxPrice: maxPriceSchema,
  priority: prioritySchema,
  notes: notes.transform(orNull),
  coverUrl: coverUrlSchema,
  discogsReleaseId: discogsReleaseId.transform(orNull),
  musicbrainzReleaseId: musicbrainzReleaseId.transform(orNull),
  /** docs/product/wishlist.md#already-own-it: set on the retry after Add Anyway. */
  allowOwned: z.boolean({ error: 'allowOwned must be true or false' }).optional(),
});
export type WishRequest = z.input<typeof wishRequestSchema>;
export type WishInput = z.output<typeof wishRequestSchema>;

export const wishSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  format: z.enum(ALBUM_FORMATS).nullable(),
  pressing: z.string().nullable(),
  catalogNumber: z.string().nullable(),
  barcode: z.string().nullable(),
  maxPrice: z.number().nullable(),
  priority: z.number().int(),
  notes: z.string().nullable(),
  coverUrl: z.string().nullable(),
  discogsReleaseId: z.number().int().nullable(),
  musicbrainzReleaseId: z.string().nullable(),
  createdAt: z.string(),
});
export type Wish = z.infer<typeof wishSchema>;

/** GET /api/wishlist: by priority (must have first), then oldest first. */
export const wishListSchema = z.array(wishSchema);

export const wishParamsSchema = z.object({
  id: z.coerce.number({ error: 'Invalid wish list item id' }).int('Invalid wish list item id').positive('Invalid wish list item id').max(2_147_483_647, 'Invalid wish list item id'),
});

/** The 409 of POST /api/wishlist when the user owns the album already (docs/product/wishlist.md#already-own-it). */
export const ownedConflictSchema = z.object({
  message: z.string(),
  owned: z.array(z.object({ id: z.number().int(), collection: z.string(), format: z.enum(ALBUM_FORMATS).nullable() })),
});
export type OwnedCopy = z.infer<typeof ownedConflictSchema>['owned'][number];

/**
 * POST /api/wishlist/{id}/acquired (docs/product/wishlist.md#got-it): the collection it goes into and
 * what the purchase adds; the rest comes from the wish. allowDuplicate as for POST /api/albums.
 */
export const acquiredRequestSchema = z.object({
  collection: z.unknown().optional(),
  price: z.unknown().optional(),
  purchaseDate: z.unknown().optional(),
  purchaseLocation: z.unknown().optional(),
  allowDuplicate: z.unknown().optional(),
});
export type AcquiredRequest = z.output<typeof acquiredRequestSchema>;

export const wishShareResponseSchema = z.object({ shareToken: z.string() });

/** One item of the gift list: never maxPrice or notes (docs/product/wishlist.md#gift-list). */
export const sharedWishSchema = z.object({
  title: z.string(),
  artist: z.string(),
  format: z.enum(ALBUM_FORMATS).nullable(),
  pressing: z.string().nullable(),
  coverUrl: z.string().nullable(),
  priority: z.number().int(),
});
export const sharedWishListSchema = z.array(sharedWishSchema);
export type SharedWish = z.infer<typeof sharedWishSchema>;

/** The analytics answer's wish list (docs/product/wishlist.md#analytics). */
export const wishlistAnalyticsSchema = z.object({
  items: z.number().int(),
  byPriority: z.object({ '1': z.number().int(), '2': z.number().int(), '3': z.number().int() }),
  totalMaxPrice: z.number(),
});
export type WishlistAnalytics = z.infer<typeof wishlistAnalyticsSchema>;
