import { z } from 'zod';
import { wishlistAnalyticsSchema } from './wishlist.schemas.js';

/** The albumsByGenre key of albums saved without a genre (docs/product/analytics.md#figures). */
export const NO_GENRE = 'Unknown';
/** The albumsByFormat key of albums saved without a format (docs/product/analytics.md#figures). */
export const NO_FORMAT = 'No format';

/**
 * GET /api/analytics (docs/product/analytics.md#api): money in dollars, summed from integer cents so
 * it is exact to the cent.
 */
export const analyticsSchema = z.object({
  totalCollections: z.number().int(),
  totalAlbums: z.number().int(),
  totalValue: z.number(),
  /** Every collection, empty ones too, by name. */
  albumsByCollection: z.array(
    z.object({
      collectionId: z.number().int(),
      collectionName: z.string(),
      albumCount: z.number().int(),
      totalValue: z.number(),
    }),
  ),
  /** Genre → album count, most albums first; albums without a genre count under NO_GENRE. */
  albumsByGenre: z.record(z.string(), z.number().int()),
  /** Format → album count, most albums first; albums without a format count under NO_FORMAT. */
  albumsByFormat: z.record(z.string(), z.number().int()),
  /** Albums out on loan, longest out first (oldest lentDate; no date last). */
  lentAlbums: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      artist: z.string(),
      lentTo: z.string().nullable(),
      lentDate: z.string().nullable(),
      collection: z.string(),
    }),
  ),
  /**
   * Loan reminders (docs/product/analytics.md#figures), counted on the server's UTC day `today` with the
   * user's `reminderDays`: how many albums are out, how many of them longer than that, and those
   * overdue, oldest loan first.
   */
  loans: z.object({
    reminderDays: z.number().int(),
    today: z.string(),
    lentCount: z.number().int(),
    overdueCount: z.number().int(),
    overdue: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        artist: z.string(),
        lentTo: z.string().nullable(),
        lentDate: z.string(),
        collection: z.string(),
        daysLent: z.number().int(),
      }),
    ),
  }),
  /** The wish list (docs/product/wishlist.md#analytics): items, items per priority, the sum of max prices. */
  wishlist: wishlistAnalyticsSchema,
});
export type Analytics = z.infer<typeof analyticsSchema>;
