import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { tracklistText, type Track } from '../../../common/album-details.schemas.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { albumsRepository, type AlbumWithCollection } from '../albums/albums.repository.js';
import { csvRow, UTF8_BOM } from './csv.js';

type Column = readonly [string, (album: AlbumWithCollection, publicUrl: string) => string | number | null];

/**
 * A stored cover (`/api/cover-art/…`) as an absolute address on PUBLIC_URL, which a spreadsheet can
 * open; a remote http(s) address is already absolute and stays as it is.
 */
export function absoluteCoverUrl(coverUrl: string | null, publicUrl: string): string | null {
  return coverUrl?.startsWith('/') ? `${publicUrl}${coverUrl}` : coverUrl;
}

/** The album fields in the order of docs/product/export.md#format, with headers a spreadsheet user reads. */
const COLUMNS: readonly Column[] = [
  ['ID', (a) => a.id],
  ['Title', (a) => a.title],
  ['Artist', (a) => a.artist],
  ['Collection', (a) => a.collection_name],
  ['Purchase Location', (a) => a.purchase_location],
  ['Purchase Date', (a) => a.purchase_date],
  ['Price (USD)', (a) => (a.price_cents === null ? null : (a.price_cents / 100).toFixed(2))],
  ['Cover URL', (a, publicUrl) => absoluteCoverUrl(a.cover_url, publicUrl)],
  ['Genre', (a) => a.genre],
  ['Label', (a) => a.label],
  ['Release Year', (a) => a.release_year],
  ['Country', (a) => a.country],
  ['Media Condition', (a) => a.media_condition],
  ['Sleeve Condition', (a) => a.sleeve_condition],
  ['Lent', (a) => (a.is_lent ? 'Yes' : 'No')],
  ['Lent To', (a) => a.lent_to],
  ['Lent Date', (a) => a.lent_date],
  // The collector's details (docs/product/export.md), after the original columns so that files of
  // the shorter shape still line up.
  ['Format', (a) => a.format],
  ['Catalog Number', (a) => a.catalog_number],
  ['Barcode', (a) => a.barcode],
  ['Pressing', (a) => a.pressing],
  ['Notes', (a) => a.notes],
  ['Rating', (a) => a.rating],
  ['Location', (a) => a.location],
  ['Tracklist', (a) => tracklistText(a.tracklist === null ? null : (JSON.parse(a.tracklist) as Track[]))],
  ['Discogs Release ID', (a) => a.discogs_release_id],
  ['MusicBrainz Release ID', (a) => a.musicbrainz_release_id],
  ['Date Added', (a) => a.added_at ?? a.created_at],
];

export const CSV_HEADER = COLUMNS.map(([header]) => header);
/** The columns of exports made before the collector's details: still imported. */
export const CSV_HEADER_BEFORE_DETAILS = CSV_HEADER.slice(0, CSV_HEADER.indexOf('Format'));

/**
 * Rows per keyset page. Reading and encoding a page holds the event loop (better-sqlite3 is
 * synchronous), so pages are small enough that other users' requests wait a few milliseconds at most.
 */
const PAGE_SIZE = 200;

/** Bump when the columns or the encoding change, so files kept by an older build are not served. */
const EXPORT_FORMAT = 4;

/**
 * What a kept export's content depends on besides the user's data version: the format, PUBLIC_URL
 * (in cover addresses) and the account itself (so a database restored or recreated under the same
 * DATA_DIR cannot hand one account's file to another with the same id).
 */
export function exportVersion(ctx: AppContext, user: Pick<UserRow, 'data_version' | 'created_at'>): string {
  const tag = createHash('sha256').update(`${EXPORT_FORMAT}|${ctx.config.publicUrl}|${user.created_at}`).digest('hex').slice(0, 16);
  return `${user.data_version}-${tag}`;
}

/**
 * The user's albums (or one collection's) as CSV chunks, read in keyset pages and giving way to other
 * requests between pages. No transaction spans the pages: a slow reader must not hold a database
 * connection (a write meanwhile moves the data version on, so what is kept under the old one is
 * never served again).
 */
export async function* albumsCsvChunks(ctx: AppContext, userId: number, collectionId: number | undefined): AsyncGenerator<Buffer> {
  yield Buffer.from(UTF8_BOM + csvRow(CSV_HEADER));
  let afterId = 0;
  for (;;) {
    // Let other requests in before reading and encoding the next page.
    await setImmediate();
    const page = await albumsRepository.pageByUser(ctx.db, userId, {
      afterId,
      limit: PAGE_SIZE,
      ...(collectionId === undefined ? {} : { collectionId }),
    });
    if (page.length === 0) return;
    let text = '';
    for (const album of page) text += csvRow(COLUMNS.map(([, value]) => value(album, ctx.config.publicUrl)));
    yield Buffer.from(text);
    if (page.length < PAGE_SIZE) return;
    afterId = page[page.length - 1]!.id;
  }
}

/** A safe ASCII slug for the download's file name ("My Jäzz!" → "my-jazz"). */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'collection';
}

/** The same slug keeping non-ASCII letters and digits, for filename* ("My Jäzz!" → "my-jäzz"). */
function unicodeSlug(name: string): string {
  const slug = [...name.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '')]
    .slice(0, 60)
    .join('')
    .replace(/-+$/, '');
  return slug || 'collection';
}

/** Content-Disposition for spindle-{slug}-{date}.csv, plus an RFC 6266 filename* when a collection is named. */
export function contentDisposition(collectionName: string | undefined, date: string): string {
  if (collectionName === undefined) return `attachment; filename="spindle-all-${date}.csv"`;
  const ascii = `spindle-${fileSlug(collectionName)}-${date}.csv`;
  const utf8 = encodeURIComponent(`spindle-${unicodeSlug(collectionName)}-${date}.csv`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
