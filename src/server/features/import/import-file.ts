import { setImmediate } from 'node:timers/promises';
import { albumRequestSchema, type AlbumInput } from '../../../common/albums.schemas.js';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportFormat } from '../../../common/import.schemas.js';
import { AppError, badRequest } from '../../errors.js';
import { CsvRecordReader, CsvSyntaxError, MAX_RECORD_CHARS } from './csv-reader.js';
import { mapperFor, type RowMapper } from './import-formats.js';
import { wishRequestSchema, type WishInput } from '../../../common/wishlist.schemas.js';
import type { WantlistMapper } from './wantlist-format.js';

/** A row that can become an album. `row` is its number as a spreadsheet shows it (the header is row 1). */
export interface ImportCandidate {
  row: number;
  input: AlbumInput;
  /** When the file says the copy was added; null: the import's own time. */
  addedAt: string | null;
}

/** A wantlist row that can become a wish (docs/product/import.md#discogs-wantlist). */
export interface WishCandidate {
  row: number;
  input: WishInput;
}

/** A file read and every row checked, before any look at the user's albums. */
export interface ParsedImport {
  format: ImportFormat;
  /** Where the rows go: albums, or (a Discogs wantlist) the wish list; only that list is filled. */
  into: 'albums' | 'wishlist';
  rows: number;
  candidates: ImportCandidate[];
  wishes: WishCandidate[];
  refused: { row: number; reason: string; title?: string; artist?: string }[];
  notices: { row: number; message: string }[];
  warnings: string[];
}

// C0 controls other than tab, LF and CR, and DEL: no CSV a person exports holds them.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Bytes read between two turns of the event loop. An upload can arrive as one 8 MB chunk (busboy
 * passes on what the socket gave); cut into 64 KB pieces, reading one costs about a millisecond, and
 * other users' requests run between pieces.
 */
const PIECE_BYTES = 64 * 1024;
/** Rows checked against the album schema between two turns of the event loop. */
const ROWS_PER_TURN = 200;

export const OVERLONG_ROW_REASON = `The row is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters`;

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Reads an uploaded file as it arrives, checking every limit while reading, so a hostile file is
 * refused at the first piece that shows it and never costs a whole-file pass: the size (413), NUL and
 * control characters and UTF-8 (400), the header as soon as the first line is complete (400), and the
 * row count the moment it passes the limit (413). Nothing is written either way. A record longer than
 * MAX_RECORD_CHARS is not kept: that row is refused on its own, with its reason. `finish` then checks
 * each row as creating the album one by one would.
 */
export class ImportFileReader {
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  private readonly csv = new CsvRecordReader((cells) => this.record(cells));
  private readonly publicUrl: string;
  private bytes = 0;
  private records = 0;
  private header: string[] = [];
  private mapper: RowMapper | WantlistMapper | undefined;
  /** The first line was blank: the file is empty, unless anything follows (then it has no header). */
  private blankStart = false;
  private readonly data: { row: number; cells: string[] | null }[] = [];

  constructor(publicUrl: string) {
    this.publicUrl = publicUrl.replace(/\/+$/, '');
  }

  /** Reads the next chunk of the upload; throws the file's refusal as soon as it shows. */
  async push(chunk: Buffer): Promise<void> {
    this.bytes += chunk.length;
    if (this.bytes > IMPORT_LIMITS.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
    for (let offset = 0; offset < chunk.length; offset += PIECE_BYTES) {
      const piece = chunk.subarray(offset, offset + PIECE_BYTES);
      // Like every other input (plugins/nul-characters.ts): PostgreSQL text cannot hold NUL, and text files have none.
      if (piece.includes(0)) throw badRequest(IMPORT_MESSAGES.nul);
      this.read(this.decode(piece, true));
      if (offset + PIECE_BYTES < chunk.length) await setImmediate();
    }
  }

  /** Ends the upload: the last record, the file-wide refusals, then every row checked. */
  async finish(): Promise<ParsedImport> {
    if (this.bytes === 0) throw badRequest(IMPORT_MESSAGES.empty);
    this.read(this.decode(Buffer.alloc(0), false));
    try {
      this.csv.end();
    } catch (error) {
      if (error instanceof CsvSyntaxError) throw badRequest(IMPORT_MESSAGES.unterminatedQuote);
      throw error;
    }
    const mapper = this.mapper;
    if (!mapper) throw badRequest(IMPORT_MESSAGES.empty);
    if (this.data.length === 0) throw badRequest(IMPORT_MESSAGES.noAlbums);

    const parsed: ParsedImport = {
      format: mapper.format,
      into: mapper.into,
      rows: this.data.length,
      candidates: [],
      wishes: [],
      refused: [],
      notices: [],
      warnings: mapper.warnings,
    };
    const width = this.header.length;
    for (let i = 0; i < this.data.length; i++) {
      if (i > 0 && i % ROWS_PER_TURN === 0) await setImmediate();
      const { row, cells } = this.data[i]!;
      if (cells === null) {
        parsed.refused.push({ row, reason: OVERLONG_ROW_REASON });
        continue;
      }
      if (cells.length !== width) {
        parsed.refused.push({ row, reason: `The row has ${cells.length} cells where the header has ${width}` });
        continue;
      }
      if (mapper.into === 'wishlist') {
        // The wish list's own checks, as POST /api/wishlist makes them.
        const mapped = mapper.map(cells);
        const checked = wishRequestSchema.safeParse(mapped.request);
        if (!checked.success) {
          parsed.refused.push({ row, reason: [...new Set(checked.error.issues.map((issue) => issue.message))].join('; '), ...whichAlbum(mapped.request) });
          continue;
        }
        for (const message of mapped.notices) parsed.notices.push({ row, message });
        parsed.wishes.push({ row, input: checked.data });
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
      parsed.candidates.push({ row, input: checked.data, addedAt: mapped.addedAt });
    }
    return parsed;
  }

  private decode(bytes: Uint8Array, more: boolean): string {
    let text: string;
    try {
      text = this.utf8.decode(bytes, { stream: more });
    } catch {
      throw badRequest(IMPORT_MESSAGES.notText);
    }
    if (CONTROL.test(text)) throw badRequest(IMPORT_MESSAGES.notText);
    return text;
  }

  private read(text: string): void {
    if (text) this.csv.push(text);
  }

  private record(cells: string[] | null): void {
    const index = this.records++;
    if (index === 0) {
      if (cells !== null) this.mapper = mapperFor(cells, this.publicUrl) ?? undefined;
      if (this.mapper) {
        this.header = cells!;
        return;
      }
      if (cells !== null && isBlank(cells)) {
        this.blankStart = true;
        return;
      }
      throw badRequest(IMPORT_MESSAGES.unknownHeader);
    }
    if (this.blankStart) {
      if (cells === null || !isBlank(cells)) throw badRequest(IMPORT_MESSAGES.unknownHeader);
      return;
    }
    // Blank lines (a trailing newline, a spreadsheet's empty rows) are not albums.
    if (cells !== null && isBlank(cells)) return;
    if (this.data.length === IMPORT_LIMITS.maxRows) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooManyRows);
    this.data.push({ row: index + 1, cells });
  }
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
