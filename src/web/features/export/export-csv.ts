import { todayIsoDate } from '../../../common/albums.schemas';
import { send } from '../../lib/api-client';
import { API } from '../../lib/api-paths';
import { saveBlob } from '../../lib/download';

/** docs/product/export.md#dialog: what the download helper raises when the export fails. */
export const EXPORT_FAILED_MESSAGE = 'Failed to export collection';

/** The toasts of docs/product/export.md#dialog, word for word. */
export const EXPORT_TOASTS = {
  success: { title: 'Export successful', description: 'your collection exported to CSV' },
  failure: { title: 'Export failed', description: 'Could not export albums to CSV. Please try again later.' },
} as const;

/** GET /api/export/albums, with ?collection= for one collection and without it for all (docs/product/export.md#api). */
export function exportUrl(collection: string | null): string {
  return collection === null ? API.exportAlbums : `${API.exportAlbums}?collection=${encodeURIComponent(collection)}`;
}

/**
 * docs/product/export.md#file-name: the file is named after the collection (or "all") and the date when the
 * server does not say.
 */
export function fallbackFileName(collection: string | null, date: string = todayIsoDate()): string {
  const slug = (collection ?? 'all')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'collection'}-${date}.csv`;
}

/**
 * The file name a Content-Disposition header gives: RFC 6266's filename* (UTF-8) before the plain
 * filename; null when there is none. Path separators are dropped, a file name is all it may be.
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??=
    /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1]?.replace(/\\(.)/g, '$1') ??
    /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  const safe = name?.replace(/[/\\]/g, '').trim();
  return safe ? safe : null;
}

/** Downloads the CSV of one collection, or of all (null); resolves with the file name, rejects with EXPORT_FAILED_MESSAGE. */
export async function downloadAlbumsCsv(collection: string | null): Promise<string> {
  let blob: Blob;
  let fileName: string;
  try {
    const response = await send(exportUrl(collection), { headers: { Accept: 'text/csv' } });
    if (!response.ok) throw new Error(`${response.status}`);
    blob = await response.blob();
    fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackFileName(collection);
  } catch {
    throw new Error(EXPORT_FAILED_MESSAGE);
  }
  saveBlob(blob, fileName);
  return fileName;
}
