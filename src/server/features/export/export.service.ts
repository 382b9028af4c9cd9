import { Readable } from 'node:stream';
import type { AppContext } from '../../context.js';
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

/** Spec 1 §3's album fields in its order, with headers a spreadsheet user reads. */
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
];

export const CSV_HEADER = COLUMNS.map(([header]) => header);

/** Rows per keyset page: memory stays flat whatever the collection's size. */
const PAGE_SIZE = 1000;

/** A file up to this size is also kept for repeat exports; a larger one is only ever streamed. */
export const CACHED_EXPORT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The user's albums (or one collection's) as CSV, read in keyset pages as the client consumes them.
 * No transaction spans the pages: a slow download must not hold a database connection. While the
 * file stays under CACHED_EXPORT_MAX_BYTES its chunks are also collected and handed to `onComplete`
 * at the end, so a repeat export at the same data version is sent from memory.
 */
export function albumsCsvStream(
  ctx: AppContext,
  userId: number,
  collectionId: number | undefined,
  onComplete?: (csv: Buffer) => void,
): Readable {
  const kept: Buffer[] | undefined = onComplete ? [] : undefined;
  let keptBytes = 0;
  const keep = (chunk: Buffer): Buffer => {
    if (kept && keptBytes + chunk.length <= CACHED_EXPORT_MAX_BYTES) kept.push(chunk);
    keptBytes += chunk.length;
    return chunk;
  };
  async function* chunks(): AsyncGenerator<Buffer> {
    yield* pages();
    if (onComplete && kept && keptBytes <= CACHED_EXPORT_MAX_BYTES) onComplete(Buffer.concat(kept, keptBytes));
  }
  async function* pages(): AsyncGenerator<Buffer> {
    yield keep(Buffer.from(UTF8_BOM + csvRow(CSV_HEADER)));
    let afterId = 0;
    for (;;) {
      const page = await albumsRepository.pageByUser(ctx.db, userId, {
        afterId,
        limit: PAGE_SIZE,
        ...(collectionId === undefined ? {} : { collectionId }),
      });
      if (page.length === 0) return;
      let text = '';
      for (const album of page) text += csvRow(COLUMNS.map(([, value]) => value(album, ctx.config.publicUrl)));
      yield keep(Buffer.from(text));
      if (page.length < PAGE_SIZE) return;
      afterId = page[page.length - 1]!.id;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
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
