import type { AlbumListItem } from '../../../common/albums.schemas';

/** Title and artist as copies are matched: trimmed, in any case (docs/product/albums.md#other-copies). */
const copyKey = (album: Pick<AlbumListItem, 'title' | 'artist'>) =>
  `${album.title.trim().toLocaleLowerCase()}\u0000${album.artist.trim().toLocaleLowerCase()}`;

/**
 * The user's other albums with the same title and artist, in every collection: the list the client
 * already holds (GET /api/albums) is the whole collection, so no route of its own is needed.
 * Ordered by collection, then by when each was added.
 */
export function otherCopiesOf(album: AlbumListItem, albums: readonly AlbumListItem[]): AlbumListItem[] {
  const key = copyKey(album);
  return albums
    .filter((other) => other.id !== album.id && copyKey(other) === key)
    .sort((a, b) => a.collection.localeCompare(b.collection) || a.addedAt.localeCompare(b.addedAt) || a.id - b.id);
}

/** The release this copy is, on Discogs and on MusicBrainz, when its id is known. */
export function releaseLinks(album: Pick<AlbumListItem, 'discogsReleaseId' | 'musicbrainzReleaseId'>): { site: string; href: string }[] {
  const links: { site: string; href: string }[] = [];
  if (album.discogsReleaseId !== null)
    links.push({ site: 'Discogs', href: `https://www.discogs.com/release/${album.discogsReleaseId}` });
  if (album.musicbrainzReleaseId)
    links.push({
      site: 'MusicBrainz',
      href: `https://musicbrainz.org/release/${encodeURIComponent(album.musicbrainzReleaseId)}`,
    });
  return links;
}
