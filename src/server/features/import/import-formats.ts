import { ALBUM_DETAIL_LIMITS, parseTracklistText } from '../../../common/album-details.schemas.js';
import type { AlbumFormat } from '../../../common/album-formats.js';
import type { AlbumRequest } from '../../../common/albums.schemas.js';
import { CONDITIONS, GENRES, MIN_RELEASE_YEAR, type Condition } from '../../../common/constants.js';
import { DEFAULT_IMPORT_COLLECTION, type ImportFormat } from '../../../common/import.schemas.js';
import { latestReleaseYear } from '../../../common/albums.schemas.js';
import { CSV_HEADER, CSV_HEADER_BEFORE_DETAILS } from '../export/export.service.js';
import { isDiscogsWantlist, wantlistMapper, type WantlistMapper } from './wantlist-format.js';

/** One data row turned into the album request it stands for, with what changed on the way. */
export interface MappedRow {
  request: AlbumRequest;
  /** When the copy joined the collection, as the file says (ISO 8601); null: the import's own time. */
  addedAt: string | null;
  notices: string[];
  /** Set when the row cannot become an album at all (before the album schema's own checks). */
  refused?: string;
}

export interface RowMapper {
  format: Exclude<ImportFormat, 'discogs-wantlist'>;
  /** What the rows become: albums (a wantlist's mapper, wantlist-format.ts, makes wishes). */
  into: 'albums';
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
/** Discogs columns read into album fields; every other "Collection …" column goes into the notes. */
const DISCOGS_READ = new Set([
  'catalog#',
  'artist',
  'title',
  'label',
  'format',
  'rating',
  'released',
  'release_id',
  'collectionfolder',
  'date added',
  'collection media condition',
  'collection sleeve condition',
  'collection notes',
]);
/** Sleeve grades Discogs has beside the grading scale: kept in the pressing as "Sleeve: Generic". */
const DISCOGS_SLEEVE_STATES = new Map(['Generic', 'No Cover', 'Not Graded'].map((state) => [state.toLowerCase(), state]));

/**
 * The format on Spindle's list that best matches a Discogs format text ("2xLP, Album, RE", "7\", 45
 * RPM, Single", "Shellac, 10\"", "CD, Album"); null for an empty text, Other for one that names
 * nothing on the list.
 */
export function mapDiscogsFormat(text: string): AlbumFormat | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const lower = parts.map((part) => part.toLowerCase());
  const has = (name: string) => lower.some((part) => part === name || part.replace(/^\d+\s*[x×]\s*/, '') === name);
  if (has('box set')) return 'Box Set';
  if (has('shellac') || lower.some((part) => /^78(\s*rpm)?$/.test(part))) return '78';
  if (has('cassette') || has('cass')) return 'Cassette';
  if (lower.some((part) => /^(\d+\s*[x×]\s*)?(cd|cdr|sacd|hdcd)$/.test(part))) return 'CD';
  const records = lower.map((part) => /^(\d+)\s*[x×]\s*lp$/.exec(part)).find(Boolean);
  if (records) return Number(records[1]) >= 3 ? '3LP+' : Number(records[1]) === 2 ? '2LP' : 'LP';
  if (has('lp')) return 'LP';
  if (has('ep')) return 'EP';
  for (const size of ['7"', '10"', '12"'] as const) if (has(size)) return size;
  return 'Other';
}

/**
 * When the file says a copy was added ("2020-01-01 10:00:00", "2020-01-01", ISO 8601), as ISO 8601 in
 * UTC; null when empty; undefined when it is not a date.
 */
export function importedAddedAt(text: string): string | null | undefined {
  const value = text.trim();
  if (!value) return null;
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? `${value}T00:00:00Z`
    : /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)
      ? `${value.replace(' ', 'T')}Z`
      : value;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso)) return undefined;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** Text cut to a field's limit, with a notice saying so. */
export function fitted(value: string, max: number, what: string, notices: string[]): string {
  if (value.length <= max) return value;
  notices.push(`${what} is longer than ${max.toLocaleString('en-US')} characters: cut to fit`);
  return value.slice(0, max);
}

function discogsMapper(header: string[]): RowMapper {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (!index.has(norm(name))) index.set(norm(name), i);
  });
  const col = (name: string) => index.get(name) ?? -1;
  const at = (cells: string[], i: number) => (i < 0 ? '' : (cells[i] ?? ''));
  const catalogNumber = col('catalog#');
  const artist = col('artist');
  const title = col('title');
  const label = col('label');
  const format = col('format');
  const rating = col('rating');
  const released = col('released');
  const releaseId = col('release_id');
  const folder = col('collectionfolder');
  const dateAdded = col('date added');
  const media = col('collection media condition');
  const sleeve = col('collection sleeve condition');
  const notes = col('collection notes');
  const custom = Object.entries(DISCOGS_CUSTOM_FIELDS)
    .map(([name, field]) => [col(name), field] as const)
    .filter(([i]) => i >= 0);
  // Every other "Collection …" custom field, by its name as the collector gave it in Discogs.
  const noted = header
    .map((name, i) => [name.trim(), i] as const)
    .filter(([name, i]) => index.get(norm(name)) === i && /^collection /i.test(name) && !DISCOGS_READ.has(norm(name)) && !(norm(name) in DISCOGS_CUSTOM_FIELDS))
    .map(([name, i]) => [name.slice('collection '.length).trim(), i] as const);

  const ignored = header.filter((name) => {
    const key = norm(name);
    return key && !DISCOGS_READ.has(key) && !(key in DISCOGS_CUSTOM_FIELDS) && !key.startsWith('collection ');
  });
  const warnings: string[] = [];
  if (ignored.length) warnings.push(`Spindle albums have no field for these columns, so they are not imported: ${ignored.join(', ')}.`);

  const mapper: RowMapper = {
    format: 'discogs',
    into: 'albums',
    warnings,
    map(cells) {
      const notices: string[] = [];
      const folderName = at(cells, folder).trim();
      const collection = UNFILED_FOLDERS.has(folderName.toLowerCase()) ? DEFAULT_IMPORT_COLLECTION : folderName;
      const pressing: string[] = [];
      const condition = (i: number, what: 'Media' | 'Sleeve'): Condition | null => {
        const raw = at(cells, i).trim();
        const mapped = mapDiscogsCondition(raw);
        const state = what === 'Sleeve' ? DISCOGS_SLEEVE_STATES.get(raw.toLowerCase()) : undefined;
        if (state) pressing.push(`Sleeve: ${state}`);
        else if (raw && !mapped) notices.push(`${what} condition "${raw}" is not on the grading list: left empty`);
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
      const formatText = at(cells, format).trim();
      // The whole format text goes first in the pressing: the list's one value cannot say "RE, 180 g".
      if (formatText) pressing.unshift(formatText);
      const noteLines: string[] = [];
      const collectionNotes = at(cells, notes).trim();
      if (collectionNotes) noteLines.push(collectionNotes);
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
        format: mapDiscogsFormat(formatText),
        // Discogs writes "none" for a release without a catalogue number.
        catalogNumber: /^none$/i.test(at(cells, catalogNumber).trim()) ? null : fitted(at(cells, catalogNumber).trim(), ALBUM_DETAIL_LIMITS.catalogNumber, 'Catalog#', notices),
        rating: discogsRating(at(cells, rating), notices),
        discogsReleaseId: discogsReleaseId(at(cells, releaseId), notices),
      };
      for (const [i, field] of custom) {
        const value = at(cells, i).trim();
        if (!value) continue;
        if (field === 'genre') {
          const genre = GENRE_BY_NAME.get(value.toLowerCase());
          if (genre) request.genre = genre as AlbumRequest['genre'];
          else {
            // Not on the list, so kept where the collector can still read it.
            noteLines.push(`Genre: ${value}`);
            notices.push(`Genre "${value}" is not on the genre list: kept in the notes`);
          }
        } else if (field === 'price') {
          // "$12.50", "12,50", "12.50 USD": the album form's reading of the number decides.
          request.price = value.replace(/^\$|\s*(usd|\$)$/gi, '').trim();
        } else {
          request[field] = value;
        }
      }
      for (const [name, i] of noted) {
        const value = at(cells, i).trim();
        if (value) noteLines.push(`${name}: ${value}`);
      }
      request.notes = noteLines.length ? fitted(noteLines.join('\n'), ALBUM_DETAIL_LIMITS.notes, 'Notes', notices) : null;
      request.pressing = pressing.length ? fitted(pressing.join('; '), ALBUM_DETAIL_LIMITS.pressing, 'Format', notices) : null;
      const addedText = at(cells, dateAdded);
      let addedAt = importedAddedAt(addedText);
      if (addedAt === undefined) {
        notices.push(`Date Added "${addedText.trim()}" is not a date: the import's time is used`);
        addedAt = null;
      }
      return { request, addedAt, notices };
    },
  };
  return mapper;
}

/** A Discogs rating: 1–5 stars, 0 or empty for none. */
export function discogsRating(text: string, notices: string[]): number | null {
  const value = text.trim();
  if (!value || value === '0') return null;
  if (/^[1-5]$/.test(value)) return Number(value);
  notices.push(`Rating "${value}" is not 0–5: left empty`);
  return null;
}

export function discogsReleaseId(text: string, notices: string[]): number | null {
  const value = text.trim();
  if (!value) return null;
  if (/^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647) return Number(value);
  notices.push(`release_id "${value}" is not a Discogs release id: left empty`);
  return null;
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
    into: 'albums',
    warnings: [],
    map(raw) {
      const cells = raw.map(unneutralise);
      const [, title, artist, collection, purchaseLocation, purchaseDate, price, coverUrl, genre, label, releaseYear, country, media, sleeve, lent, lentTo, lentDate] =
        cells as (string | undefined)[];
      const [format, catalogNumber, barcode, pressing, notes, rating, location, tracklist, discogsId, musicbrainzId, added] = cells.slice(
        CSV_HEADER_BEFORE_DETAILS.length,
      ) as (string | undefined)[];
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
        format: empty(format) as AlbumRequest['format'],
        catalogNumber: empty(catalogNumber),
        barcode: empty(barcode),
        pressing: empty(pressing),
        notes: empty(notes),
        rating: empty(rating),
        location: empty(location),
        tracklist: tracklist ? parseTracklistText(tracklist) : null,
        discogsReleaseId: empty(discogsId),
        musicbrainzReleaseId: empty(musicbrainzId),
      };
      const addedAt = importedAddedAt(added ?? '');
      const refused =
        lentText !== 'yes' && lentText !== 'no' && lentText !== ''
          ? `Lent must be Yes or No, not "${lent}"`
          : addedAt === undefined
            ? `Date Added must be a date and time (ISO 8601), not "${added}"`
            : undefined;
      return { request, addedAt: addedAt ?? null, notices: [], ...(refused ? { refused } : {}) };
    },
  };
}

/**
 * The mapper for the file's header row, or null when it is none of the exports Spindle reads: a
 * Discogs export with a CollectionFolder column is a collection, one without it a wantlist
 * (docs/product/import.md#formats).
 */
export function mapperFor(header: string[], publicUrl: string): RowMapper | WantlistMapper | null {
  const names = header.map(norm);
  // Exports made before the collector's details had only the first columns.
  for (const columns of [CSV_HEADER, CSV_HEADER_BEFORE_DETAILS]) {
    if (names.length === columns.length && columns.every((name, i) => norm(name) === names[i])) return spindleMapper(publicUrl);
  }
  if (DISCOGS_REQUIRED.every((name) => names.includes(name))) return discogsMapper(header);
  if (isDiscogsWantlist(names)) return wantlistMapper(header);
  return null;
}
