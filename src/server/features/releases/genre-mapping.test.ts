import { describe, expect, it } from 'vitest';
import { GENRES } from '../../../common/constants.js';
import { genreForTag, genreFromTags } from './genre-mapping.js';

describe('MusicBrainz tags onto the album form’s genre list', () => {
  it.each([
    ['jazz', 'Jazz'],
    ['Modal Jazz', 'Jazz'],
    ['hard bop', 'Jazz'],
    ['hip hop', 'Hip-hop/Rap'],
    ['gangsta rap', 'Hip-hop/Rap'],
    ['trip hop', 'Electronic/Dance'],
    ['rhythm and blues', 'R&B'],
    ['delta blues', 'Blues'],
    ['blues rock', 'Rock'],
    ['punk rock', 'Punk'],
    ['hardcore punk', 'Punk'],
    ['death metal', 'Metal'],
    ['alternative rock', 'Alternative'],
    ['indie rock', 'Indie'],
    ['psychedelic rock', 'Rock'],
    ['synth-pop', 'Electronic/Dance'],
    ['dance-pop', 'Electronic/Dance'],
    ['pop', 'Pop'],
    ['french house', 'Electronic/Dance'],
    ['disco', 'Electronic/Dance'],
    ['bossa nova', 'Latin'],
    ['ska', 'Reggae'],
    ['northern soul', 'Soul'],
    ['p-funk', 'Funk'],
    ['southern gospel', 'Gospel'],
    ['baroque', 'Classical'],
    ['contemporary classical', 'Classical'],
    ['bluegrass', 'Country'],
    ['folk', 'Folk'],
    ['afrobeat', 'World Music'],
  ] as const)('%s → %s', (tag, genre) => {
    expect(genreForTag(tag)).toBe(genre);
  });

  it('maps nothing it cannot place: free tags, places, years', () => {
    for (const tag of ['seen live', 'spoken word', 'british', '1970s', 'popular', 'rockabye', '', '   '])
      expect(genreForTag(tag)).toBeNull();
  });

  it('every answer is one of the form’s twenty', () => {
    for (const tag of ['jazz', 'rock', 'hip hop', 'ska', 'world', 'indie', 'punk']) expect(GENRES).toContain(genreForTag(tag));
  });

  it('lets the votes decide between tags, and leaves the genre unset when none maps', () => {
    expect(
      genreFromTags([
        { name: 'rock', count: 2 },
        { name: 'jazz', count: 5 },
        { name: 'jazz fusion', count: 1 },
      ]),
    ).toBe('Jazz');
    expect(
      genreFromTags([
        { name: 'disco', count: 5 },
        { name: 'electronic', count: 3 },
        { name: 'funk', count: 6 },
      ]),
    ).toBe('Electronic/Dance');
    // A tie keeps the first-voted genre; a count that is not a positive number counts once.
    expect(genreFromTags([{ name: 'soul' }, { name: 'funk', count: 1 }])).toBe('Soul');
    expect(
      genreFromTags([
        { name: 'pop', count: -4 },
        { name: 'rock', count: Number.NaN },
      ]),
    ).toBe('Pop');
    expect(genreFromTags([{ name: 'seen live', count: 40 }])).toBeNull();
    expect(genreFromTags([])).toBeNull();
  });
});
