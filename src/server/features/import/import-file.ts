import { albumRequestSchema, type AlbumInput } from '../../../common/albums.schemas.js';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportFormat } from '../../../common/import.schemas.js';
import { AppError, badRequest } from '../../errors.js';
import { CsvSyntaxError, readCsv } from './csv-reader.js';
import { mapperFor } from './import-formats.js';

/** A row that can become an album. `row` is its number as a spreadsheet shows it (the header is row 1). */
export interface ImportCandidate {
  row: number;
  input: AlbumInput;
}

/** A file read and every row checked, before any look at the user's albums. */
export interface ParsedImport {
  format: ImportFormat;
  rows: number;
  candidates: ImportCandidate[];
  refused: { row: number; reason: string; title?: string; artist?: string }[];
  notices: { row: number; message: string }[];
  warnings: string[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
// C0 controls other than tab, LF and CR, and DEL: no CSV a person exports holds them.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Reads an uploaded file into checked rows. The whole file is refused (400/413, nothing written) when
 * it is empty, too large, not UTF-8 text, holds NUL or control characters, is not well-formed CSV, or
 * its header is neither a Discogs collection export's nor our own export's. Single rows that cannot
 * be albums are refused one by one, each with its reason.
 */
export function parseImportFile(bytes: Buffer, publicUrl: string): ParsedImport {
  if (bytes.length === 0) throw badRequest(IMPORT_MESSAGES.empty);
  if (bytes.length > IMPORT_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
  // Like every other input (plugins/nul-characters.ts): PostgreSQL text cannot hold NUL, and text files have none.
  if (bytes.includes(0)) throw badRequest(IMPORT_MESSAGES.nul);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw badRequest(IMPORT_MESSAGES.notText);
  }
  if (text.trim() === '') throw badRequest(IMPORT_MESSAGES.empty);
  if (CONTROL.test(text)) throw badRequest(IMPORT_MESSAGES.notText);

  let records: string[][];
  try {
    records = readCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(IMPORT_MESSAGES.unterminatedQuote);
    throw error;
  }
  const header = records[0] ?? [];
  const mapper = mapperFor(header, publicUrl.replace(/\/+$/, ''));
  if (!mapper) throw badRequest(IMPORT_MESSAGES.unknownHeader);

  const data: { row: number; cells: string[] }[] = [];
  for (let i = 1; i < records.length; i++) {
    const cells = records[i]!;
    // Blank lines (a trailing newline, a spreadsheet's empty rows) are not albums.
    if (cells.every((cell) => cell.trim() === '')) continue;
    data.push({ row: i + 1, cells });
  }
  if (data.length === 0) throw badRequest(IMPORT_MESSAGES.noAlbums);
  if (data.length > IMPORT_LIMITS.maxRows) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooManyRows);

  const parsed: ParsedImport = { format: mapper.format, rows: data.length, candidates: [], refused: [], notices: [], warnings: mapper.warnings };
  for (const { row, cells } of data) {
    if (cells.length !== header.length) {
      parsed.refused.push({ row, reason: `The row has ${cells.length} cells where the header has ${header.length}` });
      continue;
    }
    const mapped = mapper.map(cells);
    if (mapped.refused) {
      parsed.refused.push({ row, reason: mapped.refused, ...whichAlbum(mapped.request) });
      continue;
    }
    // The album form's and POST /api/albums's own checks: lengths, year range, price, lists.
    const checked = albumRequestSchema.safeParse(mapped.request);
    if (!checked.success) {
      parsed.refused.push({ row, reason: [...new Set(checked.error.issues.map((issue) => issue.message))].join('; '), ...whichAlbum(mapped.request) });
      continue;
    }
    for (const message of mapped.notices) parsed.notices.push({ row, message });
    parsed.candidates.push({ row, input: checked.data });
  }
  return parsed;
}

/** The length a refused row's title or artist is cut to in the report: enough to find the row, never a whole oversized cell. */
const NAME_IN_REPORT = 120;

/**
 * The title and artist of a refused row as the file gives them, so the collector can find it without
 * counting rows in a spreadsheet. Empty ones are left out.
 */
function whichAlbum(request: { title?: unknown; artist?: unknown }): { title?: string; artist?: string } {
  const cut = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, NAME_IN_REPORT) : undefined);
  const title = cut(request.title);
  const artist = cut(request.artist);
  return { ...(title ? { title } : {}), ...(artist ? { artist } : {}) };
}
