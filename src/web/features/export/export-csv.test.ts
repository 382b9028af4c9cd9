import { describe, expect, it } from 'vitest';
import { exportUrl, fallbackFileName, fileNameFromDisposition } from './export-csv';

describe('export to CSV (docs/product/export.md#api)', () => {
  it('asks for one collection with ?collection=, and omits it for all', () => {
    expect(exportUrl('Soul & Funk')).toBe('/api/export/albums?collection=Soul%20%26%20Funk');
    expect(exportUrl(null)).toBe('/api/export/albums');
  });

  it('takes the file name from Content-Disposition, the UTF-8 name first', () => {
    expect(fileNameFromDisposition(`attachment; filename="spindle-my-jazz-2025-03-01.csv"; filename*=UTF-8''spindle-my-j%C3%A4zz-2025-03-01.csv`)).toBe(
      'spindle-my-jäzz-2025-03-01.csv',
    );
    expect(fileNameFromDisposition('attachment; filename="spindle-all-2025-03-01.csv"')).toBe('spindle-all-2025-03-01.csv');
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
  });

  it('never a path, and nothing without a name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('....etcpasswd');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('falls back to the collection (or all) plus the date', () => {
    expect(fallbackFileName('Soul & Funk', '2025-03-01')).toBe('soul-funk-2025-03-01.csv');
    expect(fallbackFileName(null, '2025-03-01')).toBe('all-2025-03-01.csv');
    expect(fallbackFileName('★★★', '2025-03-01')).toBe('collection-2025-03-01.csv');
  });
});
