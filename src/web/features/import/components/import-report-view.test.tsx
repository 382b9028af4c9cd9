// @vitest-environment jsdom
import '../../../test/dom-shims';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../../common/import.schemas';
import { ImportReportView } from './import-report-view';

afterEach(cleanup);

const report: ImportReport = {
  format: 'discogs',
  rows: 1250,
  toAdd: {
    count: 1240,
    items: [
      { row: 2, title: 'Blue Train', artist: 'John Coltrane', collection: 'Jazz' },
      { row: 3, title: 'Revolver', artist: 'The Beatles', collection: 'Rock' },
    ],
  },
  duplicates: {
    count: 1,
    items: [{ row: 4, title: 'Kind of Blue', artist: 'Miles Davis', collection: 'Jazz', reason: 'already in "Jazz"' }],
  },
  otherCopies: { count: 0, items: [] },
  refused: {
    count: 3,
    items: [
      { row: 5, title: 'Giant Steps', artist: 'John Coltrane', reason: 'Price cannot be negative' },
      { row: 6, artist: 'Nameless Band', reason: 'Title is required' },
      { row: 7, reason: 'The row has more fields than the header' },
    ],
  },
  notices: { count: 0, items: [] },
  newCollections: ['Rock'],
  warnings: ['The column "Notes" has nowhere to go and is not kept'],
};

/** The number shown on the stat card with this label. */
const stat = (label: string) => screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent;

/** The texts of the rows listed under this heading. */
const rowsUnder = (heading: RegExp) =>
  within(screen.getByRole('list', { name: heading }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the import report', () => {
  it('shows the file, its format and row count, and the four counts', () => {
    render(<ImportReportView report={report} fileName="collection.csv" />);
    expect(
      screen.getByText(/collection\.csv: a Discogs collection export with 1,250 rows\. Nothing has been saved yet\./),
    ).toBeTruthy();
    expect(stat('Will be added')).toBe('1,240');
    expect(stat('Skipped as duplicates')).toBe('1');
    expect(stat('Refused')).toBe('3');
    expect(stat('Values adjusted')).toBe('0');
    expect(screen.getByText('New collection: Rock')).toBeTruthy();
    expect(screen.getByText('The column "Notes" has nowhere to go and is not kept')).toBeTruthy();
  });

  it('lists each refused row with its title and artist when the file gave them, and why', () => {
    render(<ImportReportView report={report} fileName="collection.csv" />);
    expect(rowsUnder(/^Refused/)).toEqual([
      'Row 5Giant Steps by John Coltrane — Price cannot be negative',
      'Row 6Untitled by Nameless Band — Title is required',
      'Row 7The row has more fields than the header',
    ]);
    expect(rowsUnder(/^Skipped as duplicates/)).toEqual(['Row 4Kind of Blue by Miles Davis → Jazz — already in "Jazz"']);
  });

  it('says when only the first rows are listed, and leaves out a list with nothing in it', () => {
    render(<ImportReportView report={report} fileName="collection.csv" />);
    expect(rowsUnder(/^Will be added/)).toHaveLength(2);
    expect(screen.getByText('The first 2 are listed; the counts above are complete.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: /^Values adjusted/ })).toBeNull();
    expect(screen.queryByRole('list', { name: /^Added as other copies/ })).toBeNull();
  });

  it('lists the rows added as other copies of an album already there, with the reason', () => {
    const reason = 'Another copy: the album in "Rock" has a different release';
    render(
      <ImportReportView
        report={{ ...report, otherCopies: { count: 1, items: [{ row: 3, title: 'Revolver', artist: 'The Beatles', collection: 'Rock', reason }] } }}
        fileName="collection.csv"
      />,
    );
    expect(rowsUnder(/^Added as other copies/)).toEqual([`Row 3Revolver by The Beatles → Rock — ${reason}`]);
  });
});
