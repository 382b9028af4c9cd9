import { z } from 'zod';

/**
 * Admin diagnostics (docs/product/admin.md#diagnostics): the album-count investigation and the
 * duplicate album detector for a chosen user, under /api/admin/diagnostics.
 */

export const DIAGNOSTICS_MESSAGES = {
  userNotFound: 'User not found',
  invalidUserId: 'Invalid user id',
} as const;

/** :userId of /api/admin/diagnostics/users/:userId/… */
export const diagnosticsUserParamsSchema = z.object({
  userId: z.coerce
    .number({ error: DIAGNOSTICS_MESSAGES.invalidUserId })
    .int(DIAGNOSTICS_MESSAGES.invalidUserId)
    .positive(DIAGNOSTICS_MESSAGES.invalidUserId)
    .max(2_147_483_647, DIAGNOSTICS_MESSAGES.invalidUserId),
});

/** GET /api/admin/diagnostics/users: every user with their album count, for the two panels' selects. */
export const diagnosticsUserSchema = z.object({ id: z.number(), username: z.string(), albumsCount: z.number() });
export type DiagnosticsUser = z.infer<typeof diagnosticsUserSchema>;
export const diagnosticsUserListSchema = z.array(diagnosticsUserSchema);

/** The select's option text: 'username (N albums)'. */
export function diagnosticsUserLabel(user: DiagnosticsUser): string {
  return `${user.username} (${user.albumsCount} ${user.albumsCount === 1 ? 'album' : 'albums'})`;
}

const userRefSchema = z.object({ id: z.number(), username: z.string() });

/** The kinds of inconsistency the investigation looks for; each finding explains itself in `explanation`. */
export const FINDING_KINDS = [
  'album-in-foreign-collection',
  'foreign-album-in-collection',
  'album-without-collection',
  'album-keys-stale',
  'collection-key-stale',
  'missing-cover-image',
  'unused-image',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const findingItemSchema = z.object({
  /** 'album' | 'collection' | 'image' */
  entity: z.enum(['album', 'collection', 'image']),
  id: z.number(),
  /** What it is, in a few words (album "Title — Artist", collection name, image file name). */
  label: z.string(),
  /** What is wrong with this one. */
  detail: z.string(),
});
export type FindingItem = z.infer<typeof findingItemSchema>;

export const findingSchema = z.object({
  kind: z.enum(FINDING_KINDS),
  title: z.string(),
  /** Why it matters and where it comes from. */
  explanation: z.string(),
  count: z.number(),
  /** Up to FINDING_ITEM_LIMIT of the rows concerned. */
  items: z.array(findingItemSchema),
});
export type Finding = z.infer<typeof findingSchema>;
export const FINDING_ITEM_LIMIT = 100;

/** GET /api/admin/diagnostics/users/:userId/albums: the album-count investigation. */
export const albumInvestigationSchema = z.object({
  user: userRefSchema,
  /** Every album row owned by the user (what their album count says). */
  totalAlbums: z.number(),
  /** The user's collections with how many of the user's albums each holds. */
  collections: z.array(z.object({ id: z.number(), name: z.string(), albumsCount: z.number() })),
  /** The sum of the per-collection counts; equal to totalAlbums when nothing is orphaned. */
  collectionsTotal: z.number(),
  /** True when no check found anything (unused images included). */
  consistent: z.boolean(),
  /** Only the checks that found something; `checks` names every check that ran. */
  findings: z.array(findingSchema),
  checks: z.array(z.object({ kind: z.enum(FINDING_KINDS), title: z.string(), count: z.number() })),
});
export type AlbumInvestigation = z.infer<typeof albumInvestigationSchema>;

export const duplicateAlbumSchema = z.object({
  id: z.number(),
  title: z.string(),
  artist: z.string(),
  collectionId: z.number(),
  collection: z.string(),
  createdAt: z.string(),
  /** The oldest of its group: kept by the removal. */
  kept: z.boolean(),
});
export type DuplicateAlbum = z.infer<typeof duplicateAlbumSchema>;

export const duplicateGroupSchema = z.object({
  collectionId: z.number(),
  collection: z.string(),
  /** The kept album's title and artist. */
  title: z.string(),
  artist: z.string(),
  keptId: z.number(),
  /** Oldest first. */
  albums: z.array(duplicateAlbumSchema),
});
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;

/** GET /api/admin/diagnostics/users/:userId/duplicates */
export const duplicateReportSchema = z.object({
  user: userRefSchema,
  /** The first DUPLICATE_GROUP_LIMIT groups (by collection, artist, title); `groupCount` counts them all. */
  groups: z.array(duplicateGroupSchema),
  groupCount: z.number(),
  /** How many albums a removal would delete (all but one of each group). */
  removable: z.number(),
});
export type DuplicateReport = z.infer<typeof duplicateReportSchema>;

/** A user with thousands of duplicate groups gets the first 200 listed (removal still takes them all). */
export const DUPLICATE_GROUP_LIMIT = 200;

/** DELETE /api/admin/diagnostics/users/:userId/duplicates */
export const duplicateRemovalSchema = z.object({
  removed: z.number(),
  message: z.string(),
});
export type DuplicateRemoval = z.infer<typeof duplicateRemovalSchema>;

/**
 * The duplicate rule of the detector: the album rule of docs/product/albums.md#duplicates (title and
 * artist trimmed, case-insensitive, in one collection) with runs of white space inside counted as one
 * space, so 'Abbey  Road' and 'abbey road ' are one record.
 */
export function duplicateKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}
