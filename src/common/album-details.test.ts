import { describe, expect, it } from 'vitest';
import { parseTracklistText, tracklistText, type Track } from './album-details.schemas.js';
import { ALBUM_FORMATS, ALBUM_FORMAT_NAMES } from './album-formats.js';
import { ALBUM_BARCODE_MESSAGES, checkAlbumBarcode } from './barcode.js';

describe('an album’s barcode', () => {
  it('takes EAN-13, UPC-A and EAN-8 with their check digit, spaces and dashes dropped', () => {
    expect(checkAlbumBarcode('0602577289118')).toEqual({ ok: true, barcode: '0602577289118' });
    expect(checkAlbumBarcode(' 6-02577-28911-8 ')).toEqual({ ok: true, barcode: '602577289118' });
    expect(checkAlbumBarcode('9638 5074')).toEqual({ ok: true, barcode: '96385074' });
  });

  it('says whether the length or the check digit is wrong', () => {
    for (const wrongLength of ['', '1234567', '123456789', '12345678901', '12345678901234', '06025772891a8']) {
      expect(checkAlbumBarcode(wrongLength)).toEqual({ ok: false, message: ALBUM_BARCODE_MESSAGES.length });
    }
    for (const wrongDigit of ['0602577289119', '602577289117', '96385075']) {
      expect(checkAlbumBarcode(wrongDigit)).toEqual({ ok: false, message: ALBUM_BARCODE_MESSAGES.checkDigit });
    }
  });
});

describe('the format list', () => {
  it('has a display name for every value', () => {
    expect(ALBUM_FORMATS).toEqual(['LP', '2LP', '3LP+', 'EP', '7"', '10"', '12"', 'Box Set', '78', 'CD', 'Cassette', 'Other']);
    expect(ALBUM_FORMATS.map((format) => ALBUM_FORMAT_NAMES[format])).toEqual([
      'Vinyl LP',
      'Double LP',
      '3 LPs or more',
      'EP',
      '7" single',
      '10"',
      '12" single',
      'Box set',
      '78 rpm shellac',
      'CD',
      'Cassette',
      'Other',
    ]);
  });
});

describe('the tracklist as one line of text', () => {
  const tracks: Track[] = [
    { position: 'A1', title: 'So What', duration: '9:22' },
    { position: 'A2', title: 'Freddie Freeloader' },
    { position: '', title: 'Untitled Jam', duration: '1:02:03' },
    { position: 'B', title: 'Flamenco Sketches (Alternate Take)', duration: '9:32' },
  ];

  it('writes "A1 Title (3:45); A2 Title"', () => {
    expect(tracklistText(tracks)).toBe('A1 So What (9:22); A2 Freddie Freeloader; Untitled Jam (1:02:03); B Flamenco Sketches (Alternate Take) (9:32)');
    expect(tracklistText(null)).toBeNull();
    expect(tracklistText([])).toBeNull();
  });

  it('reads back the tracks it wrote', () => {
    expect(parseTracklistText(tracklistText(tracks)!)).toEqual(tracks);
  });
});
