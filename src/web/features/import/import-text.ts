import type { ImportResult } from '../../../common/import.schemas';
import { formatCount } from '../../lib/number-format';

export { formatCount };

export const albumsText = (count: number) => `${formatCount(count)} ${count === 1 ? 'album' : 'albums'}`;

/** The success toast after an import. */
export function importSuccessText(result: ImportResult): { title: string; description: string } {
  const parts = [`${albumsText(result.added)} imported`];
  if (result.newCollections.length > 0) {
    parts.push(`${result.newCollections.length} new ${result.newCollections.length === 1 ? 'collection' : 'collections'}`);
  }
  if (result.duplicates > 0) parts.push(`${formatCount(result.duplicates)} duplicates skipped`);
  if (result.refused > 0) parts.push(`${formatCount(result.refused)} rows refused`);
  return { title: 'Import successful', description: `${parts.join(', ')}.` };
}

/** Percent of the import written, for the progress bar. */
export const progressPercent = (done: number, total: number): number => (total <= 0 ? 100 : Math.min(100, Math.round((done / total) * 100)));
