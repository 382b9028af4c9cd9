import { describe, expect, it } from 'vitest';
import { NO_ALBUM_DETAILS } from '../../../common/album-details.schemas';
import type { Album } from '../../../common/albums.schemas';
import { otherCopiesOf, releaseLinks } from './other-copies';

let nextId = 1;
function album(fields: Partial<Album>): Album {
  return {
    id: nextId++,
    title: 'Blue Train',
    artist: 'John Coltrane',
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

describe('other copies in your collections (docs/product/albums.md#other-copies)', () => {
  it('are the albums of the same title and artist, trimmed and in any case, across every collection', () => {
    const original = album({ format: 'LP' });
    const reissue = album({
      title: ' blue train ',
      artist: 'JOHN COLTRANE',
      collection: 'Reissues',
      format: 'LP',
      pressing: '2022 Tone Poet',
    });
    const cd = album({ collection: 'Car', format: 'CD' });
    const other = album({ title: 'Giant Steps' });
    const sameTitleOtherArtist = album({ artist: 'Someone Else' });
    expect(otherCopiesOf(original, [original, reissue, cd, other, sameTitleOtherArtist]).map((a) => a.id)).toEqual([
      cd.id,
      reissue.id,
    ]);
    expect(otherCopiesOf(other, [original, reissue, cd, other])).toEqual([]);
  });
});

describe('release links (docs/product/albums.md#other-copies)', () => {
  it('link to the release on Discogs and MusicBrainz when its id is known', () => {
    const mbid = '0a1b2c3d-1111-2222-3333-444455556666';
    expect(releaseLinks({ discogsReleaseId: 1234567, musicbrainzReleaseId: mbid })).toEqual([
      { site: 'Discogs', href: 'https://www.discogs.com/release/1234567' },
      { site: 'MusicBrainz', href: `https://musicbrainz.org/release/${mbid}` },
    ]);
    expect(releaseLinks({ discogsReleaseId: null, musicbrainzReleaseId: null })).toEqual([]);
  });
});
