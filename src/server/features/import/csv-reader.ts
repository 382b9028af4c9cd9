/** Thrown for a file that cannot be read as CSV at all. */
export class CsvSyntaxError extends Error {}

/**
 * Reads RFC 4180 CSV (quoted cells with doubled quotes, CRLF or bare LF between records) into rows
 * of cells. A quote inside an unquoted cell is kept as text, as spreadsheets do; a quoted cell that
 * never closes is an error. Cells are never interpreted: "=1+1" stays the text "=1+1".
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  const length = text.length;
  let i = 0;
  for (;;) {
    let cell: string;
    if (text.charCodeAt(i) === 34 /* " */) {
      i++;
      cell = '';
      for (;;) {
        const close = text.indexOf('"', i);
        if (close === -1) throw new CsvSyntaxError('unterminated quoted cell');
        cell += text.slice(i, close);
        if (text.charCodeAt(close + 1) === 34) {
          cell += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
      // Anything between the closing quote and the next separator is kept, as spreadsheets do.
      const end = nextSeparator(text, i);
      cell += text.slice(i, end);
      i = end;
    } else {
      const end = nextSeparator(text, i);
      cell = text.slice(i, end);
      i = end;
    }
    row.push(cell);
    if (i >= length) {
      rows.push(row);
      break;
    }
    const code = text.charCodeAt(i);
    if (code === 44 /* , */) {
      i++;
      continue;
    }
    // A record ends at CRLF, LF or a lone CR.
    rows.push(row);
    row = [];
    i += code === 13 && text.charCodeAt(i + 1) === 10 ? 2 : 1;
    if (i >= length) break;
  }
  return rows;
}

function nextSeparator(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 44 || code === 10 || code === 13) return i;
  }
  return text.length;
}
