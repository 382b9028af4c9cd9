import { z } from 'zod';

export const COLLECTION_NAME_MAX_LENGTH = 100;

/** A collection name, new or edited (docs/product/collections.md#fields: non-empty after trimming). */
export const collectionNameSchema = z
  .string({ error: 'Collection name is required' })
  .trim()
  .min(1, 'Collection name is required')
  .max(COLLECTION_NAME_MAX_LENGTH, `Collection name must be at most ${COLLECTION_NAME_MAX_LENGTH} characters`);

/** POST /api/collections and PUT /api/collections/{id}. */
export const collectionRequestSchema = z.object({ name: collectionNameSchema });
export type CollectionRequest = z.input<typeof collectionRequestSchema>;

/** One collection as its owner sees it; shareToken is present only while sharing is enabled. */
export const collectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  albumCount: z.number().int(),
  shareToken: z.string().optional(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** GET /api/collections: the caller's collections, ordered by name case-insensitively. */
export const collectionListSchema = z.array(collectionSchema);

export const collectionParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Invalid collection id' })
    .int('Invalid collection id')
    .positive('Invalid collection id')
    .max(2_147_483_647, 'Invalid collection id'),
});
