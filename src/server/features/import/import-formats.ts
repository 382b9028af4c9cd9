import type { AlbumRequest } from '../../../common/albums.schemas.js';
import { CONDITIONS, GENRES, MIN_RELEASE_YEAR, type Condition } from '../../../common/constants.js';
import { DEFAULT_IMPORT_COLLECTION, type ImportFormat } from '../../../common/import.schemas.js';
import { latestReleaseYear } from '../../../common/albums.schemas.js';
import { CSV_HEADER } from '../export/export.service.js';

/** One data row turned into the album request it stands for, with what changed on the way. */
export interface MappedRow {
  request: AlbumRequest;
  notices: string[];
  /** Set when the row cannot become an album at all (before the album schema's own checks). */
  refused?: string;
}

export interface RowMapper {
  format: ImportFormat;
  /** File-wide remarks shown with the dry run. */
  warnings: string[];
  map(cells: string[]): MappedRow;
}

const norm = (header: string) => header.trim().toLowerCase();

/** Columns every Discogs collection export has; the header is recognised by them. */
const DISCOGS_REQUIRED = ['artist', 'title', 'release_id', 'collectionfolder'];

/**
 * Discogs folders that mean "no folder" (docs/product/import.md#discogs-mapping: they go into one default
 * collection).
 */
const UNFILED_FOLDERS = new Set(['uncategorized', 'all', '']);

/** Discogs grades by their abbreviation (the part in parentheses). */
const GRADE_BY_CODE: Record<string, Condition> = {
  m: 'Mint (M)',
  nm: 'Near Mint (NM)',
  'nm or m-': 'Near Mint (NM)',
  'm-': 'Near Mint (NM)',
  'vg+': 'Very Good Plus (VG+)',
  vg: 'Very Good (VG)',
  'g+': 'Good Plus (G+)',
  g: 'Good (G)',
  f: 'Fair (F)',
  p: 'Poor (P)',
};
const CONDITION_BY_NAME = new Map<string, Condition>(CONDITIONS.map((c) => [c.toLowerCase(), c]));
const GENRE_BY_NAME = new Map<string, string>(GENRES.map((g) => [g.toLowerCase(), g]));

/** A Discogs grade on Spindle's list, or null when it has no place there ("Generic", "No Cover", "Not Graded"). */
export function mapDiscogsCondition(value: string): Condition | null {
  const text = value.trim().toLowerCase();
  if (!text) return null;
  const exact = CONDITION_BY_NAME.get(text);
  if (exact) return exact;
  const code = /\(([^)]+)\)\s*$/.exec(text)?.[1]?.trim() ?? text;
  return GRADE_BY_CODE[code] ?? null;
}

/** Discogs tells artists (and labels) of the same name apart with " (2)"; Spindle shows names as people read them. */
export function dropDiscogsSuffix(name: string): string {
  // At the end of a name only: followed by the end, or by the separator before the next name.
  return name.replace(/ \(\d{1,3}\)(?=$|,| [&/+x×] | feat| vs| and | with )/gi, '').trim();
}

/** The year of a Discogs "Released" value ("1973", "1973-03-00", "1973-03-26"), or null. */
export function releasedYear(value: string): number | null {
  const match = /^\s*(\d{4})(?:$|[-/\s])/.exec(value);
  return match ? Number(match[1]) : null;
}

/** Custom Discogs fields ("Collection <Field>") that match an album field, by the field's name. */
const DISCOGS_CUSTOM_FIELDS: Record<string, 'genre' | 'country' | 'purchaseDate' | 'purchaseLocation' | 'price'> = {
  'collection genre': 'genre',
  'collection country': 'country',
  'collection purchase date': 'purchaseDate',
  'collection purchase location': 'purchaseLocation',
  'collection store': 'purchaseLocation',
  'collection price': 'price',
  'collection purchase price': 'price',
};
/** Discogs columns read into album fields. */
const DISCOGS_READ = new Set(['artist', 'title', 'label', 'released', 'collectionfolder', 'collection media condition', 'collection sleeve condition']);

function discogsMapper(header: string[]): RowMapper {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (!index.has(norm(name))) index.set(norm(name), i);
  });
  const col = (name: string) => index.get(name) ?? -1;
  const at = (cells: string[], i: number) => (i < 0 ? '' : (cells[i] ?? ''));
  const artist = col('artist');
  const title = col('title');
  const label = col('label');
  const released = col('released');
  const folder = col('collectionfolder');
  const media = col('collection media condition');
  const sleeve = col('collection sleeve condition');
  const notes = col('collection notes');
  const custom = Object.entries(DISCOGS_CUSTOM_FIELDS)
    .map(([name, field]) => [col(name), field] as const)
    .filter(([i]) => i >= 0);

  const ignored = header.filter((name) => {
    const key = norm(name);
    return key && !DISCOGS_READ.has(key) && !(key in DISCOGS_CUSTOM_FIELDS) && key !== 'collection notes';
  });
  const warnings: string[] = [];
  if (ignored.length) warnings.push(`Spindle albums have no field for these columns, so they are not imported: ${ignored.join(', ')}.`);

  let notesSeen = 0;
  const mapper: RowMapper = {
    format: 'discogs',
    warnings,
    map(cells) {
      const notices: string[] = [];
      const folderName = at(cells, folder).trim();
      const collection = UNFILED_FOLDERS.has(folderName.toLowerCase()) ? DEFAULT_IMPORT_COLLECTION : folderName;
      const condition = (i: number, what: string): Condition | null => {
        const raw = at(cells, i).trim();
        const mapped = mapDiscogsCondition(raw);
        if (raw && !mapped) notices.push(`${what} condition "${raw}" is not on the grading list: left empty`);
        return mapped;
      };
      const releasedText = at(cells, released).trim();
      let releaseYear = releasedYear(releasedText);
      if (releaseYear !== null && (releaseYear < MIN_RELEASE_YEAR || releaseYear > latestReleaseYear())) {
        notices.push(`Release year ${releaseYear} is outside ${MIN_RELEASE_YEAR}–${latestReleaseYear()}: left empty`);
        releaseYear = null;
      } else if (releaseYear === null && releasedText && releasedText !== '0') {
        notices.push(`Released "${releasedText}" holds no year: left empty`);
      }
      // Discogs joins several labels with ", "; the album has room for one.
      const firstLabel = dropDiscogsSuffix(at(cells, label).split(', ')[0] ?? '');
      const request: AlbumRequest = {
        collection,
        title: at(cells, title),
        artist: dropDiscogsSuffix(at(cells, artist)),
        label: firstLabel || null,
        releaseYear,
        mediaCondition: condition(media, 'Media'),
        sleeveCondition: condition(sleeve, 'Sleeve'),
        genre: null,
        isLent: false,
      };
      for (const [i, field] of custom) {
        const value = at(cells, i).trim();
        if (!value) continue;
        if (field === 'genre') {
          const genre = GENRE_BY_NAME.get(value.toLowerCase());
          if (genre) request.genre = genre as AlbumRequest['genre'];
          else notices.push(`Genre "${value}" is not on the genre list: left empty`);
        } else if (field === 'price') {
          // "$12.50", "12,50", "12.50 USD": the album form's reading of the number decides.
          request.price = value.replace(/^\$|\s*(usd|\$)$/gi, '').trim();
        } else {
          request[field] = value;
        }
      }
      if (at(cells, notes).trim()) notesSeen++;
      if (notesSeen === 1 && at(cells, notes).trim()) {
        warnings.push('Spindle albums have no notes field, so Collection Notes are not imported.');
      }
      return { request, notices };
    },
  };
  return mapper;
}

/**
 * Our own export neutralises a cell a spreadsheet would read as a formula with a leading quote
 * (docs/product/export.md#formulas, export/csv.ts); one such quote is taken off again so the value comes back
 * as it was.
 */
export function unneutralise(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function spindleMapper(publicUrl: string): RowMapper {
  const storedPrefix = `${publicUrl}/api/cover-art/`;
  return {
    format: 'spindle',
    warnings: [],
    map(raw) {
      const cells = raw.map(unneutralise);
      const [, title, artist, collection, purchaseLocation, purchaseDate, price, coverUrl, genre, label, releaseYear, country, media, sleeve, lent, lentTo, lentDate] =
        cells as (string | undefined)[];
      const empty = (value: string | undefined) => (value ? value : null);
      const lentText = (lent ?? '').trim().toLowerCase();
      const request: AlbumRequest = {
        collection: collection ?? '',
        title: title ?? '',
        artist: artist ?? '',
        purchaseLocation: empty(purchaseLocation),
        purchaseDate: empty(purchaseDate),
        price: empty(price),
        // The export writes a stored cover as an address on PUBLIC_URL; the importer's own image goes back to its path.
        coverUrl: coverUrl?.startsWith(storedPrefix) ? `/api/cover-art/${coverUrl.slice(storedPrefix.length)}` : empty(coverUrl),
        genre: empty(genre) as AlbumRequest['genre'],
        label: empty(label),
        releaseYear: empty(releaseYear),
        country: empty(country),
        mediaCondition: empty(media) as AlbumRequest['mediaCondition'],
        sleeveCondition: empty(sleeve) as AlbumRequest['sleeveCondition'],
        isLent: lentText === 'yes',
        lentTo: empty(lentTo),
        lentDate: empty(lentDate),
      };
      const refused = lentText === 'yes' || lentText === 'no' || lentText === '' ? undefined : `Lent must be Yes or No, not "${lent}"`;
      return { request, notices: [], ...(refused ? { refused } : {}) };
    },
  };
}

/** The mapper for the file's header row, or null when it is neither a Discogs nor a Spindle export. */
export function mapperFor(header: string[], publicUrl: string): RowMapper | null {
  const names = header.map(norm);
  if (names.length === CSV_HEADER.length && CSV_HEADER.every((name, i) => norm(name) === names[i])) return spindleMapper(publicUrl);
  if (DISCOGS_REQUIRED.every((name) => names.includes(name))) return discogsMapper(header);
  return null;
}
