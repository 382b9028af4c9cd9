import { describe, expect, it } from 'vitest';
import { albumFromList, keptBelongsToSomeoneElse, keptCopyUsable, parseKeptMeta, requestRoute, shellCacheName, staleShellCaches, userIdOf } from './sw-rules';

const ORIGIN = 'https://spindle.example';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });

describe('requestRoute', () => {
  it('keeps only the home reads and the wish list, exactly, and answers one album from the kept list', () => {
    expect(requestRoute(get('/api/user'), ORIGIN)).toBe('kept-read');
    expect(requestRoute(get('/api/collections'), ORIGIN)).toBe('kept-read');
    expect(requestRoute(get('/api/albums'), ORIGIN)).toBe('kept-read');
    expect(requestRoute(get('/api/wishlist'), ORIGIN)).toBe('kept-read');
    expect(requestRoute(get('/api/albums/42'), ORIGIN)).toBe('kept-album');
    // Slices of the list, other users' share pages, admin answers, exports, images: never touched.
    for (const path of ['/api/albums?offset=0&limit=1000', '/api/albums/42?x=1', '/api/shared/abc', '/api/admin/users', '/api/export/albums', '/api/analytics', '/api/cover-art/a.webp', '/api/user/update', '/api/check?barcode=0602577289118', '/api/wishlist/1', '/api/wishlist?x=1', '/api/wishlist/shared/abc', '/api/albums/0', '/api/albums/99999999999']) {
      expect(requestRoute(get(path), ORIGIN), path).toBe('pass');
    }
  });

  it('never handles a write, whatever its path', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(requestRoute({ method, url: `${ORIGIN}/api/albums`, mode: 'cors' }, ORIGIN)).toBe('pass');
      expect(requestRoute({ method, url: `${ORIGIN}/`, mode: 'navigate' }, ORIGIN)).toBe('pass');
    }
  });

  it('serves pages and hashed assets, and leaves other origins and other files alone', () => {
    expect(requestRoute(get('/', 'navigate'), ORIGIN)).toBe('navigate');
    expect(requestRoute(get('/shared/token', 'navigate'), ORIGIN)).toBe('navigate');
    expect(requestRoute(get('/assets/index-abc.js'), ORIGIN)).toBe('asset');
    expect(requestRoute(get('/sw.js'), ORIGIN)).toBe('pass');
    expect(requestRoute(get('/api/export/albums', 'navigate'), ORIGIN)).toBe('pass');
    expect(requestRoute({ method: 'GET', url: 'https://tile.openstreetmap.org/1/2/3.png', mode: 'no-cors' }, ORIGIN)).toBe('pass');
    expect(requestRoute({ method: 'GET', url: 'https://evil.example/api/user', mode: 'cors' }, ORIGIN)).toBe('pass');
  });
});

describe('shell caches', () => {
  it('are named by build and the other builds are removed', () => {
    expect(shellCacheName('b2')).toBe('spindle-shell-b2');
    expect(staleShellCaches(['spindle-shell-b1', 'spindle-shell-b2', 'spindle-kept-data', 'other'], 'b2')).toEqual(['spindle-shell-b1']);
  });
});

describe('kept data', () => {
  it('finds an album of the kept list by id, and nothing in anything else', () => {
    const list = [{ id: 1, title: 'A' }, { id: 2, title: 'B' }];
    expect(albumFromList(list, 2)).toEqual({ id: 2, title: 'B' });
    expect(albumFromList(list, 3)).toBeUndefined();
    expect(albumFromList({ id: 2 }, 2)).toBeUndefined();
    expect(albumFromList([null, 'x', { id: '2' }], 2)).toBeUndefined();
  });

  it('reads the user id and its own record, rejecting odd values', () => {
    expect(userIdOf({ id: 7, username: 'a' })).toBe(7);
    for (const body of [null, {}, { id: '7' }, { id: 0 }, { id: 1.5 }]) expect(userIdOf(body)).toBeNull();
    const meta = { userId: 7, marker: 'm1', keptAt: '2026-01-01T00:00:00Z', contactAt: '2026-01-01T00:00:00Z' };
    expect(parseKeptMeta(meta)).toEqual(meta);
    expect(parseKeptMeta({ userId: '7', keptAt: 1 })).toBeNull();
    // Kept before copies carried a session's marker: never shown.
    expect(parseKeptMeta({ userId: 7, keptAt: '2026-01-01T00:00:00Z' })).toBeNull();
    expect(parseKeptMeta({ ...meta, marker: '' })).toBeNull();
    expect(parseKeptMeta(null)).toBeNull();
  });

  it('belongs to someone else when another user or another session of the same user is recorded', () => {
    const kept = (userId: number, marker = 'm1') => ({ userId, marker, keptAt: '', contactAt: '' });
    expect(keptBelongsToSomeoneElse(null, 7, 'm1')).toBe(false);
    expect(keptBelongsToSomeoneElse(kept(7), 7, 'm1')).toBe(false);
    expect(keptBelongsToSomeoneElse(kept(7), 7, null)).toBe(false);
    expect(keptBelongsToSomeoneElse(kept(8), 7, 'm1')).toBe(true);
    expect(keptBelongsToSomeoneElse(kept(7), 7, 'm2')).toBe(true);
  });

  it('shows a kept copy only while the browser holds the marker of the session that kept it, and not after 30 days without contact', () => {
    const day = 86_400_000;
    const now = Date.parse('2026-03-01T00:00:00Z');
    const meta = { userId: 7, marker: 'm1', keptAt: '', contactAt: new Date(now - 29 * day).toISOString() };
    expect(keptCopyUsable(meta, 'm1', now, 30 * day)).toBe(true);
    expect(keptCopyUsable(meta, null, now, 30 * day)).toBe(false);
    expect(keptCopyUsable(meta, 'm2', now, 30 * day)).toBe(false);
    expect(keptCopyUsable(null, 'm1', now, 30 * day)).toBe(false);
    expect(keptCopyUsable({ ...meta, contactAt: new Date(now - 31 * day).toISOString() }, 'm1', now, 30 * day)).toBe(false);
    expect(keptCopyUsable({ ...meta, contactAt: 'not a date' }, 'm1', now, 30 * day)).toBe(false);
  });
});
