import type { ImportFormat, ImportResult } from '../../../common/import.schemas';
import { formatCount } from '../../lib/number-format';

export { formatCount };

export const albumsText = (count: number) => `${formatCount(count)} ${count === 1 ? 'album' : 'albums'}`;
export const wishesText = (count: number) => `${formatCount(count)} ${count === 1 ? 'wish' : 'wishes'}`;

/** A Discogs wantlist fills the wish list (docs/product/import.md#discogs-wantlist); every other file, collections. */
export const isWantlist = (format: ImportFormat) => format === 'discogs-wantlist';

/** "12 albums" or, for a wantlist, "12 wishes". */
export const itemsText = (format: ImportFormat, count: number) => (isWantlist(format) ? wishesText(count) : albumsText(count));

/** The success toast after an import. */
export function importSuccessText(result: ImportResult, format: ImportFormat = 'discogs'): { title: string; description: string } {
  const parts = [isWantlist(format) ? `${wishesText(result.added)} added to your wish list` : `${albumsText(result.added)} imported`];
  if (result.newCollections.length > 0) {
    parts.push(`${result.newCollections.length} new ${result.newCollections.length === 1 ? 'collection' : 'collections'}`);
  }
  if (result.duplicates > 0) parts.push(`${formatCount(result.duplicates)} duplicates skipped`);
  if (result.refused > 0) parts.push(`${formatCount(result.refused)} rows refused`);
  return { title: 'Import successful', description: `${parts.join(', ')}.` };
}

/** Percent of the import written, for the progress bar. */
export const progressPercent = (done: number, total: number): number => (total <= 0 ? 100 : Math.min(100, Math.round((done / total) * 100)));
