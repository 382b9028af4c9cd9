/** Thrown for a file that cannot be read as CSV at all. */
export class CsvSyntaxError extends Error {}

/**
 * The longest record kept, in characters. No collection export comes near it (a Discogs row is a few
 * hundred characters; every album field together is under 4,000); a longer one is skipped unread, so a
 * hostile cell (megabytes of doubled quotes, one endless line) costs a scan and never a growing string.
 */
export const MAX_RECORD_CHARS = 64 * 1024;

/** Inside a quoted cell: any run of characters other than a quote, and doubled quotes. */
const QUOTED_RUN = /(?:[^"]+|"")*/y;
const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

const enum State {
  /** At the start of a cell. */
  CellStart,
  /** In an unquoted cell, or in the text after a quoted cell's closing quote (kept, as spreadsheets do). */
  Unquoted,
  Quoted,
  /** Just after a quote inside a quoted cell: a doubled quote, or the closing one. */
  QuoteInQuoted,
}

/**
 * Reads RFC 4180 CSV (quoted cells with doubled quotes, CRLF, bare LF or a lone CR between records)
 * piece by piece, as the text arrives: each complete record goes to `onRecord` as its cells, or as
 * `null` when it is longer than MAX_RECORD_CHARS. A quote inside an unquoted cell is kept as text;
 * a quoted cell still open at the end is an error. Cells are never interpreted: "=1+1" stays text.
 */
export class CsvRecordReader {
  private state = State.CellStart;
  private cell = '';
  private cells: string[] = [];
  /** Characters of the current record read in earlier pieces. */
  private carried = 0;
  private overlong = false;
  /** Whether any character of the current record has been read (a final record without a line break). */
  private started = false;
  /** A CR ended the last record; an LF right after it belongs to the same line break. */
  private afterCr = false;
  private records = 0;

  constructor(private readonly onRecord: (cells: string[] | null) => void) {}

  /** Reads the next piece of text; calls `onRecord` for each record it completes. */
  push(text: string): void {
    const length = text.length;
    let i = 0;
    if (this.afterCr) {
      this.afterCr = false;
      if (text.charCodeAt(0) === LF) i = 1;
    }
    // Where the current record and the current cell's unread text begin in this piece.
    let recordStart = i;
    let runStart = i;
    const tooLong = (at: number) => this.carried + (at - recordStart) > MAX_RECORD_CHARS;
    const take = (to: number) => {
      if (this.overlong) return;
      if (tooLong(to)) {
        this.overlong = true;
        this.cell = '';
        this.cells = [];
        return;
      }
      this.cell += text.slice(runStart, to);
    };
    const endCell = () => {
      if (!this.overlong) this.cells.push(this.cell);
      this.cell = '';
      this.state = State.CellStart;
    };
    const endRecord = (at: number, code: number) => {
      endCell();
      this.onRecord(this.overlong ? null : this.cells);
      this.records++;
      this.cells = [];
      this.overlong = false;
      this.carried = 0;
      this.started = false;
      let next = at + 1;
      if (code === CR) {
        if (next < length) {
          if (text.charCodeAt(next) === LF) next++;
        } else this.afterCr = true;
      }
      recordStart = next;
      return next;
    };

    while (i < length) {
      this.started = true;
      switch (this.state) {
        case State.CellStart: {
          const code = text.charCodeAt(i);
          if (code === QUOTE) {
            this.state = State.Quoted;
            runStart = ++i;
          } else if (code === COMMA) {
            endCell();
            i++;
          } else if (code === LF || code === CR) {
            i = endRecord(i, code);
          } else {
            this.state = State.Unquoted;
            runStart = i;
          }
          break;
        }
        case State.Unquoted: {
          let end = i;
          let code = 0;
          for (; end < length; end++) {
            code = text.charCodeAt(end);
            if (code === COMMA || code === LF || code === CR) break;
          }
          if (end === length) {
            // The cell goes on in the next piece; its text so far is taken below.
            i = length;
            break;
          }
          take(end);
          if (code === COMMA) {
            endCell();
            i = end + 1;
          } else i = endRecord(end, code);
          break;
        }
        case State.Quoted: {
          // The run of text and doubled quotes up to a lone quote, found by one sticky regular
          // expression: a cell of millions of doubled quotes costs a native scan, not a loop of ours.
          QUOTED_RUN.lastIndex = i;
          QUOTED_RUN.test(text);
          const end = QUOTED_RUN.lastIndex;
          if (!this.overlong) {
            if (tooLong(end)) take(end);
            else this.cell += text.slice(i, end).replaceAll('""', '"');
          }
          if (end >= length - 1) {
            // At the end of the piece, or a quote that is its last character: the next piece tells
            // whether that quote closes the cell or is the first of a pair.
            if (end === length - 1) this.state = State.QuoteInQuoted;
            runStart = i = length;
            break;
          }
          // A lone quote: it closed the cell; what follows up to the separator is kept as text.
          this.state = State.Unquoted;
          runStart = i = end + 1;
          break;
        }
        case State.QuoteInQuoted: {
          if (text.charCodeAt(i) === QUOTE) {
            // A doubled quote: one quote of text, and the cell goes on.
            if (!this.overlong) {
              if (tooLong(i)) take(i);
              else this.cell += '"';
            }
            this.state = State.Quoted;
            runStart = ++i;
          } else {
            // The quote closed the cell; what follows up to the separator is kept as text.
            this.state = State.Unquoted;
            runStart = i;
          }
          break;
        }
      }
    }
    if (this.state === State.Unquoted) take(length);
    if (this.started) this.carried += length - recordStart;
    if (!this.overlong && this.started && this.carried > MAX_RECORD_CHARS) {
      this.overlong = true;
      this.cell = '';
      this.cells = [];
    }
  }

  /** Ends the text: the last record (without a line break) is completed; an open quoted cell is an error. */
  end(): void {
    if (this.state === State.Quoted) throw new CsvSyntaxError('unterminated quoted cell');
    // Like the text "" itself, which is one record of one empty cell.
    if (this.started || this.records === 0) {
      if (!this.overlong) this.cells.push(this.cell);
      this.onRecord(this.overlong ? null : this.cells);
      this.records++;
    }
    this.cells = [];
    this.cell = '';
    this.state = State.CellStart;
    this.started = false;
  }
}

/** Reads a whole CSV text into rows of cells (records over MAX_RECORD_CHARS are left out). */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  const reader = new CsvRecordReader((cells) => {
    if (cells) rows.push(cells);
  });
  reader.push(text);
  reader.end();
  return rows;
}
