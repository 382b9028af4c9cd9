/**
 * What a copy physically is (docs/product/albums.md, Pressing & details): the stored values, which
 * the API, the export and the import speak, and the names the screens show for them.
 */
export const ALBUM_FORMATS = ['LP', '2LP', '3LP+', 'EP', '7"', '10"', '12"', 'Box Set', '78', 'CD', 'Cassette', 'Other'] as const;
export type AlbumFormat = (typeof ALBUM_FORMATS)[number];

export const ALBUM_FORMAT_NAMES: Record<AlbumFormat, string> = {
  LP: 'Vinyl LP',
  '2LP': 'Double LP',
  '3LP+': '3 LPs or more',
  EP: 'EP',
  '7"': '7" single',
  '10"': '10"',
  '12"': '12" single',
  'Box Set': 'Box set',
  '78': '78 rpm shellac',
  CD: 'CD',
  Cassette: 'Cassette',
  Other: 'Other',
};

export const isAlbumFormat = (value: string): value is AlbumFormat => (ALBUM_FORMATS as readonly string[]).includes(value);
