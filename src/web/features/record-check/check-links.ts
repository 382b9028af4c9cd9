import type { AlbumFormat } from '../../../common/album-formats';
import type { CheckRequest } from '../../../common/record-check';

/** What the Add buttons carry to the forms (docs/product/record-check.md#page): each only when known. */
export interface RecordPrefill {
  title?: string | null;
  artist?: string | null;
  barcode?: string | null;
  catalogNumber?: string | null;
  format?: AlbumFormat | null;
}

/** What a check knows of the record: the barcode it was, or the words as typed (as the title). */
export const prefillOf = (request: CheckRequest): RecordPrefill => ('barcode' in request ? { barcode: request.barcode } : { title: request.q });

function withPrefill(path: string, prefill: RecordPrefill): string {
  const params = new URLSearchParams();
  for (const name of ['title', 'artist', 'barcode', 'catalogNumber', 'format'] as const) {
    const value = prefill[name]?.trim();
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Add to collection: the album form, prefilled. */
export const addAlbumHref = (prefill: RecordPrefill) => withPrefill('/album/new', prefill);
/** Add to wish list: the wish form, prefilled with the same parameters. */
export const addWishHref = (prefill: RecordPrefill) => withPrefill('/wishlist/new', prefill);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "2 hours ago", "yesterday", "3 days ago": how old the kept copy is. */
export function shelfAge(keptAt: number, now: number): string {
  const elapsed = Math.max(0, now - keptAt);
  if (elapsed < MINUTE) return 'just now';
  const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
  return relative.format(-Math.floor(elapsed / DAY), 'day');
}

/** What the offline answer says under it. */
export const shelfAgeText = (keptAt: number, now: number) => `Checked against your shelf from ${shelfAge(keptAt, now)}`;
