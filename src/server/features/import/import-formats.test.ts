import { describe, expect, it } from 'vitest';
import { csvCell } from '../export/csv.js';
import { CsvRecordReader, CsvSyntaxError, MAX_RECORD_CHARS, readCsv } from './csv-reader.js';
import { dropDiscogsSuffix, mapDiscogsCondition, releasedYear, unneutralise } from './import-formats.js';

describe('readCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, CRLF or LF records', () => {
    expect(readCsv('a,"b, c","say ""hi"""\r\n"two\r\nlines",,x\ny,z')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['two\r\nlines', '', 'x'],
      ['y', 'z'],
    ]);
  });

  it('keeps a trailing empty cell and ignores nothing but the final line break', () => {
    expect(readCsv('a,\r\n')).toEqual([['a', '']]);
    expect(readCsv('a\r\n\r\nb')).toEqual([['a'], [''], ['b']]);
  });

  it('keeps a quote inside an unquoted cell as text, as spreadsheets do', () => {
    expect(readCsv('12" single,b')).toEqual([['12" single', 'b']]);
  });

  it('refuses a quoted cell that never closes', () => {
    expect(() => readCsv('a,"b\r\nc')).toThrow(CsvSyntaxError);
  });
});

/** The records of `text` read in pieces of `size` characters, as an upload arrives. */
function inPieces(text: string, size: number): (string[] | null)[] {
  const records: (string[] | null)[] = [];
  const reader = new CsvRecordReader((cells) => records.push(cells));
  for (let i = 0; i < text.length; i += size) reader.push(text.slice(i, i + size));
  reader.end();
  return records;
}

describe('CsvRecordReader, reading as the file arrives', () => {
  it('reads the same records whatever the pieces, also across a CRLF, a doubled quote or a closing quote', () => {
    const samples = ['a,"b, c","say ""hi"""\r\n"two\r\nlines",,x\ny,z', 'a,\r\n', 'a\r\n\r\nb', '12" single,b', 'x\ry\rz\r', '"a"b,c\n', ',,\n,', '"""",""\r\n'];
    for (const text of samples) {
      for (const size of [1, 2, 3, 5, 64]) expect(inPieces(text, size), `${JSON.stringify(text)} in pieces of ${size}`).toEqual(readCsv(text));
    }
  });

  it('skips a record longer than the limit unkept (null), and reads on after it', () => {
    const limit = 'a'.repeat(MAX_RECORD_CHARS);
    expect(inPieces(`${limit}\nb\n`, 1000)).toEqual([[limit], ['b']]);
    expect(inPieces(`${limit}a\nb\n`, 1000)).toEqual([null, ['b']]);
    expect(inPieces(`"${limit}a"\nb\n`, 10 * MAX_RECORD_CHARS)).toEqual([null, ['b']]);
  });

  it('reads a cell of millions of doubled quotes at the cost of a scan, not of a growing string', () => {
    const hostile = `"${'""'.repeat(4_000_000)}"\nok,1\n`;
    expect(inPieces(hostile, 64 * 1024)).toEqual([null, ['ok', '1']]);
    expect(inPieces(hostile, hostile.length)).toEqual([null, ['ok', '1']]);
  });
});

describe('Discogs values', () => {
  it('maps every Discogs grade onto the condition list', () => {
    expect(mapDiscogsCondition('Mint (M)')).toBe('Mint (M)');
    expect(mapDiscogsCondition('Near Mint (NM or M-)')).toBe('Near Mint (NM)');
    expect(mapDiscogsCondition('Very Good Plus (VG+)')).toBe('Very Good Plus (VG+)');
    expect(mapDiscogsCondition('Very Good (VG)')).toBe('Very Good (VG)');
    expect(mapDiscogsCondition('Good Plus (G+)')).toBe('Good Plus (G+)');
    expect(mapDiscogsCondition('Good (G)')).toBe('Good (G)');
    expect(mapDiscogsCondition('Fair (F)')).toBe('Fair (F)');
    expect(mapDiscogsCondition('Poor (P)')).toBe('Poor (P)');
    expect(mapDiscogsCondition(' vg+ ')).toBe('Very Good Plus (VG+)');
  });

  it('leaves grades that have no place on the list empty', () => {
    for (const grade of ['Generic', 'No Cover', 'Not Graded', 'Excellent', '']) expect(mapDiscogsCondition(grade)).toBeNull();
  });

  it("drops Discogs' number suffixes from names, also between several artists", () => {
    expect(dropDiscogsSuffix('Nirvana (2)')).toBe('Nirvana');
    expect(dropDiscogsSuffix('Nirvana (2), Sub Pop (3)')).toBe('Nirvana, Sub Pop');
    expect(dropDiscogsSuffix('Simon (3) & Garfunkel (2)')).toBe('Simon & Garfunkel');
    expect(dropDiscogsSuffix('Live (1994) Band')).toBe('Live (1994) Band');
    expect(dropDiscogsSuffix('Take (2) Steps')).toBe('Take (2) Steps');
    expect(dropDiscogsSuffix('Chicago')).toBe('Chicago');
  });

  it('reads the year of Released when it holds one', () => {
    expect(releasedYear('1973')).toBe(1973);
    expect(releasedYear('1973-03-00')).toBe(1973);
    expect(releasedYear('1973-03-26')).toBe(1973);
    expect(releasedYear('0')).toBeNull();
    expect(releasedYear('')).toBeNull();
    expect(releasedYear('19731')).toBeNull();
  });
});

describe('our export, read back', () => {
  it('takes off exactly the one quote the export puts before a formula', () => {
    for (const value of ['=1+1', '+x', '-y', '@z', "'=q", "''@w", "'plain", 'plain', '\tTab']) {
      expect(unneutralise(readCsv(csvCell(value))[0]![0]!)).toBe(value);
    }
  });
});
