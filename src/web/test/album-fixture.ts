import { NO_ALBUM_DETAILS } from '../../common/album-details.schemas';
import type { Album } from '../../common/albums.schemas';

let nextId = 1;

/**
 * A whole album as the API sends it, every optional field empty, so a web test names only the fields it
 * is about. Without an `id` the ids count up from 1 in each test file (Vitest loads this module afresh
 * per file); the title is `Album <id>` and the artist `Someone` unless given.
 */
export function albumFixture(fields: Partial<Album> = {}): Album {
  const id = fields.id ?? nextId++;
  return {
    id,
    title: `Album ${id}`,
    artist: 'Someone',
    collection: 'Jazz',
    purchaseLocation: null,
    purchaseDate: null,
    price: null,
    coverUrl: null,
    genre: null,
    label: null,
    releaseYear: null,
    country: null,
    mediaCondition: null,
    sleeveCondition: null,
    isLent: false,
    lentTo: null,
    lentDate: null,
    ...NO_ALBUM_DETAILS,
    addedAt: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}
