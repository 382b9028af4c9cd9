import { describe, expect, it } from 'vitest';
import type { Album } from '../../../common/albums.schemas';
import { albumFixture } from '../../test/album-fixture';
import { otherCopiesOf, releaseLinks } from './other-copies';

// Two copies of one record differ only in what each test sets, so every album starts as Blue Train.
const album = (fields: Partial<Album>): Album =>
  albumFixture({ title: 'Blue Train', artist: 'John Coltrane', ...fields });

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
