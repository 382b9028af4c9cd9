import { z } from 'zod';

/**
 * Import of a Discogs collection export or of Spindle's own CSV export
 * (docs/product/import.md#limits). The limits hold a 10,000-album collection with room to spare, while
 * a request stays a few megabytes.
 */
export const IMPORT_LIMITS = {
  maxBytes: 8 * 1024 * 1024,
  maxRows: 20_000,
  /** Entries of each list the dry run sends back; the counts are always whole. */
  maxListed: 1000,
} as const;

export const IMPORT_PATHS = {
  dryRun: '/api/import/albums/dry-run',
  run: '/api/import/albums',
} as const;

/**
 * What a wantlist import's report gives as each row's collection: its rows go into the wish list
 * (docs/product/import.md#discogs-wantlist).
 */
export const WANTLIST_DESTINATION = 'Wish List';

/** Discogs files everything in "Uncategorized" by default and lists "All" as a folder too. */
export const DEFAULT_IMPORT_COLLECTION = 'Discogs Import';

/** Accept header that asks POST /api/import/albums for progress lines instead of one JSON answer. */
export const IMPORT_PROGRESS_TYPE = 'application/x-ndjson';

export const IMPORT_MESSAGES = {
  noFile: 'Please choose a CSV file to import',
  tooLarge: `The file is too large: at most ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB can be imported at once`,
  tooManyRows: `The file has too many rows: at most ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} albums can be imported at once`,
  empty: 'The file is empty',
  noAlbums: 'The file has a header row but no albums',
  notText: 'This is not a CSV file: it is not UTF-8 text',
  nul: 'This is not a CSV file: it contains NUL characters',
  unknownHeader:
    'This is not a Discogs collection export or a Spindle CSV export: the first row must be the header of one of them (Discogs: Catalog#, Artist, Title, … release_id, CollectionFolder …)',
  unterminatedQuote: 'The CSV file is damaged: a quoted cell is never closed',
} as const;

/** discogs: a Discogs collection export; discogs-wantlist: a Discogs wantlist export (it fills the wish list); spindle: our own export. */
export const importFormatSchema = z.enum(['discogs', 'discogs-wantlist', 'spindle']);
export type ImportFormat = z.infer<typeof importFormatSchema>;

const rowAlbumSchema = z.object({ row: z.number().int(), title: z.string(), artist: z.string(), collection: z.string() });

/** The dry run's answer: what the import would do with each row of the file. */
export const importReportSchema = z.object({
  format: importFormatSchema,
  rows: z.number().int(),
  toAdd: z.object({ count: z.number().int(), items: z.array(rowAlbumSchema) }),
  duplicates: z.object({ count: z.number().int(), items: z.array(rowAlbumSchema.extend({ reason: z.string() })) }),
  /**
   * Rows added (they are in toAdd too) although an album of the same title and artist is already in
   * the collection or earlier in the file: another pressing, told apart by release id, catalogue
   * number or format.
   */
  otherCopies: z.object({ count: z.number().int(), items: z.array(rowAlbumSchema.extend({ reason: z.string() })) }),
  /** Each refused row with why, and its title and artist when the file gives them (to find the row by). */
  refused: z.object({
    count: z.number().int(),
    items: z.array(z.object({ row: z.number().int(), reason: z.string(), title: z.string().optional(), artist: z.string().optional() })),
  }),
  /** Values changed or left empty on the way in (a grade not on the list, a year out of range…). */
  notices: z.object({ count: z.number().int(), items: z.array(z.object({ row: z.number().int(), message: z.string() })) }),
  /** Collections the import creates. */
  newCollections: z.array(z.string()),
  /** File-wide remarks: columns that have nowhere to go. */
  warnings: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** The import's answer once committed. */
export const importResultSchema = z.object({
  added: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int(),
  newCollections: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** One line of the progress stream (Accept: application/x-ndjson). */
export const importProgressLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number().int(), total: z.number().int() }),
  z.object({ type: z.literal('done'), result: importResultSchema }),
  z.object({ type: z.literal('error'), message: z.string(), status: z.number().int() }),
]);
export type ImportProgressLine = z.infer<typeof importProgressLineSchema>;
