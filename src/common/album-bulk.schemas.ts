import { z } from 'zod';
import { albumDetailRequestFields } from './album-details.schemas.js';
import { ALBUM_MESSAGES, ALBUM_TEXT_LIMITS } from './albums.schemas.js';
import { CONDITIONS, GENRES } from './constants.js';

/**
 * POST /api/albums/bulk (docs/product/albums.md, Bulk edit): one change to many of the caller's
 * albums at once, all or nothing.
 */
export const ALBUM_BULK_MAX_IDS = 10_000;
export const ALBUM_BULK_ACTIONS = ['move', 'update', 'delete'] as const;
export type AlbumBulkAction = (typeof ALBUM_BULK_ACTIONS)[number];

export const ALBUM_BULK_MESSAGES = {
  ids: `ids must be a list of 1 to ${ALBUM_BULK_MAX_IDS.toLocaleString('en-US')} album ids`,
  action: `action must be one of: ${ALBUM_BULK_ACTIONS.join(', ')}`,
  changes: 'Choose at least one field to change: format, genre, mediaCondition, sleeveCondition or location',
} as const;

/** A value from a fixed list; absent is "not changed", null or '' clears the field. */
const changedChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null));

/** The fields a bulk update may set; any other key is refused. */
export const albumBulkChangesSchema = z.strictObject(
  {
    format: albumDetailRequestFields.format,
    genre: changedChoice(GENRES, 'Please choose a genre from the list'),
    mediaCondition: changedChoice(CONDITIONS, 'Please choose a media condition from the list'),
    sleeveCondition: changedChoice(CONDITIONS, 'Please choose a sleeve condition from the list'),
    location: albumDetailRequestFields.location,
  },
  { error: ALBUM_BULK_MESSAGES.changes },
);
export type AlbumBulkChanges = z.output<typeof albumBulkChangesSchema>;

const albumId = z.number({ error: ALBUM_BULK_MESSAGES.ids }).int(ALBUM_BULK_MESSAGES.ids).positive(ALBUM_BULK_MESSAGES.ids).max(2_147_483_647, ALBUM_BULK_MESSAGES.ids);

export const albumBulkRequestSchema = z
  .object({
    ids: z.array(albumId, { error: ALBUM_BULK_MESSAGES.ids }).min(1, ALBUM_BULK_MESSAGES.ids).max(ALBUM_BULK_MAX_IDS, ALBUM_BULK_MESSAGES.ids),
    action: z.enum(ALBUM_BULK_ACTIONS, { error: ALBUM_BULK_MESSAGES.action }),
    collection: z
      .string({ error: ALBUM_MESSAGES.collectionRequired })
      .trim()
      .max(ALBUM_TEXT_LIMITS.collection, `Collection name must be at most ${ALBUM_TEXT_LIMITS.collection} characters`)
      .optional(),
    changes: albumBulkChangesSchema.optional(),
  })
  .superRefine((request, ctx) => {
    if (request.action === 'move' && !request.collection) {
      ctx.addIssue({ code: 'custom', path: ['collection'], message: ALBUM_MESSAGES.collectionRequired });
    }
    if (request.action === 'update' && !Object.values(request.changes ?? {}).some((value) => value !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['changes'], message: ALBUM_BULK_MESSAGES.changes });
    }
  });
export type AlbumBulkRequest = z.output<typeof albumBulkRequestSchema>;

/** 200: how many albums the call changed (each id once). */
export const albumBulkResponseSchema = z.object({ count: z.number().int() });
