import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../../../common/constants';

/** docs/product/cover-art.md#picker: the accepted types and the limit, stated in the upload label. */
export const UPLOAD_HINT = 'JPEG, PNG, WebP or GIF, up to 5MB';
export const UPLOAD_WRONG_TYPE = 'Please choose a JPEG, PNG, WebP or GIF image';
export const UPLOAD_TOO_LARGE = 'This image is larger than 5MB. Please choose a smaller one.';
export const UPLOAD_EMPTY = 'This file is empty. Please choose another image.';

/** The toasts of docs/product/cover-art.md#picker. */
export const UPLOAD_FAILED = 'Failed to upload cover art';
export const UPLOAD_DONE = 'Cover art uploaded';
export const NO_RESULTS_TITLE = 'No Results';
export const NO_RESULTS_TEXT = 'No cover art found for this album';

/** Three columns by two rows: a whole page fits a phone screen without scrolling past the form. */
export const RESULTS_PER_PAGE = 6;

/**
 * Why a file cannot be uploaded, or null when it may be sent. The browser's type comes from the file
 * name, so this only saves a round trip: the server decides by the bytes (docs/product/cover-art.md#upload).
 */
export function uploadProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return UPLOAD_WRONG_TYPE;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_TOO_LARGE;
  if (file.size === 0) return UPLOAD_EMPTY;
  return null;
}

export function pageCount(total: number, perPage = RESULTS_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The page's slice of the results; a page past the end shows the last one. */
export function pageOf<T>(items: readonly T[], page: number, perPage = RESULTS_PER_PAGE): { items: T[]; page: number; pages: number } {
  const pages = pageCount(items.length, perPage);
  const current = Math.min(Math.max(0, Math.trunc(page)), pages - 1);
  return { items: items.slice(current * perPage, (current + 1) * perPage), page: current, pages };
}
