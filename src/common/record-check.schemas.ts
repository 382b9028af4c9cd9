import { z } from 'zod';
import { ALBUM_FORMATS } from './album-formats.js';
import { checkAlbumBarcode } from './barcode.js';

/*
 * The record check (docs/product/record-check.md): "do I own this, do I want it?" for one barcode or
 * one typed title, answered by GET /api/check online and by the offline shelf's copy without a network.
 */

export const RECORD_CHECK_MESSAGES = {
  oneOf: 'Send a barcode or a title to check, not both',
  q: 'Type a title, an artist or a catalogue number to check',
} as const;

/** The longest typed text a check takes, and the most words of it that count. */
export const CHECK_TEXT_MAX = 200;
export const CHECK_WORDS_MAX = 8;
/** The most albums and the most wishes one answer lists (each); `more` says when there were others. */
export const CHECK_RESULTS_MAX = 20;

/** GET /api/check?barcode= or ?q=: exactly one of them. */
export const recordCheckQuerySchema = z
  .object({
    barcode: z
      .string()
      .optional()
      .transform((value, ctx): string | undefined => {
        if (value === undefined) return undefined;
        const checked = checkAlbumBarcode(value);
        if (checked.ok) return checked.barcode;
        ctx.addIssue({ code: 'custom', message: checked.message });
        return z.NEVER;
      }),
    q: z.string().trim().min(1, RECORD_CHECK_MESSAGES.q).max(CHECK_TEXT_MAX, `A check's text must be at most ${CHECK_TEXT_MAX} characters`).optional(),
  })
  .refine((query) => (query.barcode === undefined) !== (query.q === undefined), { message: RECORD_CHECK_MESSAGES.oneOf });
export type RecordCheckQuery = z.output<typeof recordCheckQuerySchema>;

const format = z.enum(ALBUM_FORMATS).nullable();

/** An album that answers the check: where the copy is and which pressing it is. */
export const checkedAlbumSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  collection: z.string(),
  format,
  pressing: z.string().nullable(),
  location: z.string().nullable(),
  catalogNumber: z.string().nullable(),
  barcode: z.string().nullable(),
});
export type CheckedAlbum = z.infer<typeof checkedAlbumSchema>;

/** A wish that answers the check: how much it is wanted and the most it may cost. */
export const checkedWishSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artist: z.string(),
  format,
  pressing: z.string().nullable(),
  catalogNumber: z.string().nullable(),
  barcode: z.string().nullable(),
  priority: z.number().int(),
  maxPrice: z.number().nullable(),
});
export type CheckedWish = z.infer<typeof checkedWishSchema>;

export const recordCheckResultSchema = z.object({
  albums: z.array(checkedAlbumSchema),
  wishes: z.array(checkedWishSchema),
  /** More albums or wishes matched than the answer lists. */
  more: z.boolean(),
});
export type RecordCheckResult = z.infer<typeof recordCheckResultSchema>;
