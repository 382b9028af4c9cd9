import { z } from 'zod';
import { optionalText, requiredText } from './text-fields.js';
import { CONDITIONS, GENRES, MIN_RELEASE_YEAR } from './constants.js';
import { parsePriceText } from './price-text.js';
import { albumDetailRequestFields, albumDetailResponseFields } from './album-details.schemas.js';

/**
 * docs/product/albums.md#validation and albums.md#duplicates messages, shared by the server and the
 * album form.
 */
export const ALBUM_MESSAGES = {
  collectionRequired: 'Please select a collection',
  lentToRequired: 'Please enter who the album is lent to',
  collectionNotFound: 'Collection not found',
  albumNotFound: 'Album not found',
  duplicateSuffix: 'Would you like to add it anyway?',
} as const;

export const ALBUM_TEXT_LIMITS = {
  title: 200,
  artist: 200,
  collection: 100,
  purchaseLocation: 200,
  label: 200,
  country: 100,
  lentTo: 100,
  coverUrl: 2048,
} as const;

/** Dollars; a bound only so a typo cannot overflow the integer cents column. */
export const PRICE_MAX = 1_000_000;

/**
 * The latest calendar year anywhere on Earth (UTC+14), so a collector east of the server on New
 * Year's Day can already enter this year's releases.
 */
export function latestReleaseYear(now: Date = new Date()): number {
  return new Date(now.getTime() + 14 * 3_600_000).getUTCFullYear();
}

/**
 * The latest date anywhere on Earth (UTC+14) as YYYY-MM-DD: the server's bound for a purchase date,
 * so a collector east of the server can enter a record bought today. The form holds to its own today.
 */
export function latestIsoDateOnEarth(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

export const PURCHASE_DATE_IN_FUTURE = 'Purchase date cannot be in the future';

/** Today as YYYY-MM-DD in the local time of whoever runs it (the browser for the form). */
export function todayIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A stored cover (/api/cover-art/{name}) or a plain http(s) address: never javascript:, data: or others. */
export function isAllowedCoverUrl(value: string): boolean {
  // Control characters and spaces are rejected outright: URL parsing would silently drop some.
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return false;
  }
  if (value.startsWith('/api/cover-art/')) return /^\/api\/cover-art\/[A-Za-z0-9_-]+(\.[A-Za-z0-9]+)?$/.test(value);
  if (!/^https?:\/\//i.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password;
}

const optionalDate = (label: string) =>
  optionalText(label, 10).refine((value) => value === null || isCalendarDate(value), `${label} must be a date (YYYY-MM-DD)`);

/** A number sent as a number or as the text of a form field; empty (and NaN from an empty number input) is null. */
const optionalNumber = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined || value === null) return null;
      if (typeof value === 'number' && Number.isNaN(value)) return null;
      if (typeof value === 'string' && value.trim() === '') return null;
      const number = typeof value === 'number' ? value : Number(value.trim());
      if (!Number.isFinite(number)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number;
    });

/**
 * A number, or text read as the form reads it (parsePriceText: "12,50" is 12.5, "1,250" is refused
 * as ambiguous); empty is null. The size of a number is never changed by the reading.
 */
const priceNumber = z
  .union([z.number(), z.string(), z.null()], { error: 'Price must be a number' })
  .optional()
  .transform((value, ctx): number | null => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'number') return Number.isNaN(value) ? null : value;
    const parsed = parsePriceText(value);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  });

const priceSchema = priceNumber.superRefine((price, ctx) => {
  if (price === null) return;
  if (!Number.isFinite(price)) ctx.addIssue({ code: 'custom', message: 'Price must be a number' });
  else if (price < 0) ctx.addIssue({ code: 'custom', message: 'Price cannot be negative' });
  else if (price > PRICE_MAX) ctx.addIssue({ code: 'custom', message: `Price must be at most ${PRICE_MAX}` });
  else if (Math.abs(price * 100 - Math.round(price * 100)) > 1e-6) {
    ctx.addIssue({ code: 'custom', message: 'Price can have at most 2 decimals' });
  }
});

const releaseYearSchema = optionalNumber('Release year must be a number').superRefine((year, ctx) => {
  if (year === null) return;
  const latest = latestReleaseYear();
  if (!Number.isInteger(year)) ctx.addIssue({ code: 'custom', message: 'Release year must be a whole number' });
  else if (year < MIN_RELEASE_YEAR)
    ctx.addIssue({ code: 'custom', message: `Release year must be ${MIN_RELEASE_YEAR} or later` });
  else if (year > latest) ctx.addIssue({ code: 'custom', message: `Release year cannot be later than ${latest}` });
});

/** A value from a fixed list, or null; '' (an unselected select) is null. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((value) => (value ? value : null));

const coverUrlSchema = optionalText('Cover URL', ALBUM_TEXT_LIMITS.coverUrl).refine(
  (value) => value === null || isAllowedCoverUrl(value),
  'Cover art must be an http(s) address or an uploaded image',
);

/** A purchase date, not after `latest()` (a YYYY-MM-DD read when the request is checked). */
const purchaseDateSchema = (latest: () => string) =>
  optionalDate('Purchase date').refine((value) => value === null || value <= latest(), PURCHASE_DATE_IN_FUTURE);

const albumFields = (latestPurchaseDate: () => string) =>
  z.object({
    // First, so an empty form reports `Please select a collection` first (docs/product/albums.md#fields).
    collection: requiredText(ALBUM_MESSAGES.collectionRequired, 'Collection name', ALBUM_TEXT_LIMITS.collection),
    title: requiredText('Title is required', 'Title', ALBUM_TEXT_LIMITS.title),
    artist: requiredText('Artist is required', 'Artist', ALBUM_TEXT_LIMITS.artist),
    purchaseLocation: optionalText('Purchase location', ALBUM_TEXT_LIMITS.purchaseLocation),
    purchaseDate: purchaseDateSchema(latestPurchaseDate),
    price: priceSchema,
    coverUrl: coverUrlSchema,
    genre: optionalChoice(GENRES, 'Please choose a genre from the list'),
    label: optionalText('Label', ALBUM_TEXT_LIMITS.label),
    releaseYear: releaseYearSchema,
    country: optionalText('Country', ALBUM_TEXT_LIMITS.country),
    mediaCondition: optionalChoice(CONDITIONS, 'Please choose a media condition from the list'),
    sleeveCondition: optionalChoice(CONDITIONS, 'Please choose a sleeve condition from the list'),
    isLent: z
      .boolean({ error: 'isLent must be true or false' })
      .optional()
      .transform((value) => value ?? false),
    lentTo: optionalText('Lent to', ALBUM_TEXT_LIMITS.lentTo),
    lentDate: optionalDate('Lent date'),
    ...albumDetailRequestFields,
    /** docs/product/albums.md#duplicates: set on the retry after the Duplicate Album dialog's Add Anyway. */
    allowDuplicate: z.boolean({ error: 'allowDuplicate must be true or false' }).optional(),
    /** docs/product/wishlist.md#already-own-it: the wish this album fulfils, removed with the add (POST only). */
    fulfilsWishId: z.number({ error: 'fulfilsWishId must be a wish list item id' }).int('fulfilsWishId must be a wish list item id').positive('fulfilsWishId must be a wish list item id').optional(),
  });

// An issue without a path is about the body itself (null, a list, a string, nothing): then there are
// no fields to read, and reading them would throw.
const lendingFieldsValid = (issues: readonly { path?: PropertyKey[] | undefined }[]) =>
  issues.every((issue) => issue.path !== undefined && issue.path.length > 0 && !['isLent', 'lentTo'].includes(String(issue.path[0])));

/**
 * POST /api/albums and PUT /api/albums/{id} (PUT replaces every field; allowDuplicate matters only to
 * POST). Also the album form's resolver schema. Lending (docs/product/loans.md#lending): not lent →
 * lentTo and lentDate null; lent → lentTo required and lentDate defaults to today.
 */
const albumRequest = (latestPurchaseDate: () => string) =>
  albumFields(latestPurchaseDate)
    .refine((album) => !album.isLent || album.lentTo !== null, {
      message: ALBUM_MESSAGES.lentToRequired,
      path: ['lentTo'],
      // Still checked when other fields are wrong, so the form shows every problem at once.
      when: (payload) => lendingFieldsValid(payload.issues),
    })
    .transform((album) => ({
      ...album,
      lentTo: album.isLent ? album.lentTo : null,
      lentDate: album.isLent ? (album.lentDate ?? todayIsoDate()) : null,
    }));

/** The server's check: a purchase date may be today anywhere on Earth. */
export const albumRequestSchema = albumRequest(latestIsoDateOnEarth);
/** The form's check: the same, with the purchase date bounded by the browser's own today. */
export const albumFormRequestSchema = albumRequest(() => todayIsoDate());
export type AlbumRequest = z.input<typeof albumRequestSchema>;
export type AlbumInput = z.output<typeof albumRequestSchema>;

/**
 * One album (docs/product/albums.md#fields): price in dollars with at most 2 decimals; collection is
 * the collection's name.
 */
export const albumSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  collection: z.string(),
  purchaseLocation: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  price: z.number().nullable(),
  coverUrl: z.string().nullable(),
  genre: z.string().nullable(),
  label: z.string().nullable(),
  releaseYear: z.number().int().nullable(),
  country: z.string().nullable(),
  mediaCondition: z.string().nullable(),
  sleeveCondition: z.string().nullable(),
  isLent: z.boolean(),
  lentTo: z.string().nullable(),
  lentDate: z.string().nullable(),
  ...albumDetailResponseFields,
});
export type Album = z.infer<typeof albumSchema>;

/**
 * One album in GET /api/albums (docs/product/albums.md#album-list): every field but notes and
 * tracklist, which load with the album's own page (GET /api/albums/{id}).
 */
export const albumListItemSchema = albumSchema.omit({ notes: true, tracklist: true });
export type AlbumListItem = z.infer<typeof albumListItemSchema>;

/** GET /api/albums: every album of the caller, in the order they were added. */
export const albumListSchema = z.array(albumListItemSchema);

/** The largest slice GET /api/albums answers at once (`limit`). */
export const ALBUM_LIST_MAX_LIMIT = 5000;

/**
 * GET /api/albums?offset=&limit=: a slice of the same list, in the same order (no parameters: the
 * whole list). The collection home reads a large list in a few slices, so the browser takes in
 * several small answers instead of one of 3.5 MB (each answer's arrival is one main-thread task).
 */
export const albumListQuerySchema = z
  .object({
    offset: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(ALBUM_LIST_MAX_LIMIT).optional(),
  })
  .refine((query) => (query.offset === undefined) === (query.limit === undefined), { message: 'offset and limit go together' });

export const albumParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Invalid album id' })
    .int('Invalid album id')
    .positive('Invalid album id')
    .max(2_147_483_647, 'Invalid album id'),
});

/** GET /api/export/albums?collection=NAME (omitted or empty: every collection). */
export const exportQuerySchema = z.object({
  collection: z
    .string()
    .trim()
    .max(ALBUM_TEXT_LIMITS.collection, `Collection name must be at most ${ALBUM_TEXT_LIMITS.collection} characters`)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
