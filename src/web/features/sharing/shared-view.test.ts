import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-client';

// query-client wires navigation at import; these pure helpers never navigate.
vi.mock('../../lib/navigation', () => ({ navigateTo: vi.fn(), currentPath: () => '/', currentPathWithSearch: () => '/' }));
const {
  albumCountText,
  albumsFailure,
  collectionFailure,
  DEFAULT_VIEW,
  ownerLine,
  shareLinkFor,
  sharedAlbumsUrl,
  sharedArtistsUrl,
  sharedCollectionUrl,
  sharedAlbumFacts,
  sharedReadRetry,
} = await import('./shared-view');

const notFound = new ApiError('404: {"message":"This shared collection link is invalid or has been disabled"}', 404, {}, undefined);
const serverError = new ApiError('500: boom', 500, 'boom', undefined);
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('share link (docs/product/sharing.md#dialog: site origin + /shared/{shareToken})', () => {
  it('is the origin followed by /shared/ and the token', () => {
    expect(shareLinkFor('https://spindle.example', token)).toBe(`https://spindle.example/shared/${token}`);
  });
});

describe('shared collection calls (docs/product/sharing.md#public-api)', () => {
  it('reads the collection and the artists under /api/shared/{token}', () => {
    expect(sharedCollectionUrl(token)).toBe(`/api/shared/${token}`);
    expect(sharedArtistsUrl(token)).toBe(`/api/shared/${token}/artists`);
  });

  it('default sort is title ascending, every artist', () => {
    expect(DEFAULT_VIEW).toEqual({ artist: '', sortBy: 'title', sortOrder: 'asc' });
    expect(sharedAlbumsUrl(token, DEFAULT_VIEW)).toBe(`/api/shared/${token}/albums?artist=&sortBy=title&sortOrder=asc`);
  });

  it('encodes the artist so names with & = # + or spaces reach the server intact', () => {
    const url = sharedAlbumsUrl(token, { artist: 'Simon & Garfunkel #1+2=3', sortBy: 'artist', sortOrder: 'desc' });
    expect(new URL(url, 'http://x').searchParams.get('artist')).toBe('Simon & Garfunkel #1+2=3');
    expect(url).toContain('sortBy=artist&sortOrder=desc');
  });

  it('a token is a path segment, never a path', () => {
    expect(sharedCollectionUrl('../user')).toBe('/api/shared/..%2Fuser');
  });
});

describe("a shared card's format and release year (docs/product/sharing.md#public-page)", () => {
  it('shows the format by its display name and the year, whichever are filled', () => {
    expect(sharedAlbumFacts({ format: 'LP', releaseYear: 1959 })).toBe('Vinyl LP · 1959');
    expect(sharedAlbumFacts({ format: '78', releaseYear: null })).toBe('78 rpm shellac');
    expect(sharedAlbumFacts({ format: null, releaseYear: 1977 })).toBe('1977');
    expect(sharedAlbumFacts({ format: null, releaseYear: null })).toBe('');
  });
});

describe('album count text and owner line', () => {
  it.each([
    [0, '0 albums'],
    [1, '1 album'],
    [12, '12 albums'],
    [1234, '1,234 albums'],
  ])('%i → %s', (count, text) => expect(albumCountText(count)).toBe(text));

  it('names the owner by first and last name', () => {
    expect(ownerLine({ firstName: 'Ann', lastName: 'Smith' })).toBe('Shared by Ann Smith');
    expect(ownerLine({ firstName: ' Ann ', lastName: null })).toBe('Shared by Ann');
    expect(ownerLine({ firstName: null, lastName: 'Smith' })).toBe('Shared by Smith');
  });

  it('an owner without a name is still a collector, never blank', () => {
    expect(ownerLine({ firstName: null, lastName: '  ' })).toBe('Shared by a Spindle collector');
  });
});

describe('failures of the shared page (docs/product/sharing.md#public-page)', () => {
  it('a 404 is not retried; other read failures are retried once', () => {
    expect(sharedReadRetry(0, notFound)).toBe(false);
    expect(sharedReadRetry(0, serverError)).toBe(true);
    expect(sharedReadRetry(0, new NetworkError())).toBe(true);
    expect(sharedReadRetry(1, serverError)).toBe(false);
  });

  it('a wrong or disabled link is Collection Not Found, whatever is on screen', () => {
    expect(collectionFailure(notFound, false)).toBe('not-found');
    expect(collectionFailure(notFound, true)).toBe('not-found');
    expect(albumsFailure(notFound, DEFAULT_VIEW, null)).toBe('not-found');
    expect(albumsFailure(notFound, { ...DEFAULT_VIEW, sortOrder: 'desc' }, DEFAULT_VIEW)).toBe('not-found');
  });

  it('any other failure of the first load is "Unable to load this collection"', () => {
    expect(collectionFailure(serverError, false)).toBe('unavailable');
    expect(albumsFailure(new NetworkError(), DEFAULT_VIEW, null)).toBe('unavailable');
  });

  it('a failed filter or sort change goes back to the list on screen ("Failed to update album list")', () => {
    expect(albumsFailure(serverError, { ...DEFAULT_VIEW, artist: 'Nina Simone' }, DEFAULT_VIEW)).toBe('revert');
    expect(albumsFailure(serverError, { ...DEFAULT_VIEW, sortBy: 'artist' }, DEFAULT_VIEW)).toBe('revert');
  });

  it('a failed background refresh of what is on screen changes nothing', () => {
    expect(albumsFailure(serverError, { ...DEFAULT_VIEW }, DEFAULT_VIEW)).toBe('ignore');
    expect(collectionFailure(serverError, true)).toBe('ignore');
  });
});
