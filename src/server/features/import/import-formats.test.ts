import { describe, expect, it } from 'vitest';
import { csvCell } from '../export/csv.js';
import { CsvSyntaxError, readCsv } from './csv-reader.js';
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
