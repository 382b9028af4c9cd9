/** RFC 4180 CSV with spreadsheet-safe cells (docs/product/export.md#formulas). */

export const CRLF = '\r\n';
/** Lets spreadsheet apps (Excel in particular) detect UTF-8. */
export const UTF8_BOM = '\uFEFF';

// Also a value that already starts with quotes before a formula character, so that the import
// (import/import-formats.ts) can take exactly one quote off and give back the value as it was.
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell: a value a spreadsheet would read as a formula (starting with =, +, -, @, tab or CR) gets
 * a leading single quote (OWASP's CSV-injection advice); a value with a comma, quote, CR or LF is
 * quoted, with quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  if (value === null || value === '') return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly (string | number | null)[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i === 0 ? '' : ',') + csvCell(values[i] ?? null);
  return line + CRLF;
}
