import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALBUM_SLICE,
  deferEarlyRead,
  peekEarlyJson,
  prepareDeferredAnswer,
  releaseDeferredReads,
  startEarlyReads,
  takeEarlyJson,
} from './early-home-reads';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('early reads of the collection home', () => {
  it('asks with the session cookie for JSON, and a success is used once', async () => {
    fetchMock.mockResolvedValue(json(200, [{ id: 1, name: 'Jazz' }]));
    startEarlyReads(['/api/collections']);
    expect(fetchMock).toHaveBeenCalledWith('/api/collections', { credentials: 'include', headers: { Accept: 'application/json' } });
    await expect(takeEarlyJson('/api/collections')).resolves.toEqual([{ id: 1, name: 'Jazz' }]);
    await expect(takeEarlyJson('/api/collections')).resolves.toBeUndefined();
  });

  it('a success is read and parsed as it arrives, before the page asks for it', async () => {
    const response = json(200, [{ id: 2, title: 'Kind of Blue' }]);
    const read = vi.spyOn(response, 'text');
    fetchMock.mockResolvedValue(response);
    startEarlyReads(['/api/albums']);
    await vi.waitFor(() => expect(read).toHaveBeenCalledOnce());
    await expect(takeEarlyJson('/api/albums')).resolves.toEqual([{ id: 2, title: 'Kind of Blue' }]);
    expect(read).toHaveBeenCalledOnce();
  });

  it('a refusal (401 for a visitor, 402) or no answer leaves the normal read to handle it', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Not authenticated' })).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    startEarlyReads(['/api/albums', '/api/collections']);
    await expect(takeEarlyJson('/api/albums')).resolves.toBeUndefined();
    await expect(takeEarlyJson('/api/collections')).resolves.toBeUndefined();
  });

  it('an answer older than 10 seconds is not used', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(json(200, []));
    startEarlyReads(['/api/albums']);
    vi.advanceTimersByTime(10_001);
    await expect(takeEarlyJson('/api/albums')).resolves.toBeUndefined();
  });

  it('a peek leaves the answer for the first read, which gets the very same objects', async () => {
    fetchMock.mockResolvedValue(json(200, [{ id: 3, title: 'Blue Train' }]));
    startEarlyReads(['/api/albums']);
    const peeked = await peekEarlyJson('/api/albums');
    expect(peeked).toEqual([{ id: 3, title: 'Blue Train' }]);
    expect(await takeEarlyJson('/api/albums')).toBe(peeked);
    await expect(peekEarlyJson('/api/albums')).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('a read already under way is not asked again', async () => {
    fetchMock.mockResolvedValue(json(200, []));
    startEarlyReads(['/api/collections']);
    startEarlyReads(['/api/collections']);
    expect(fetchMock).toHaveBeenCalledOnce();
    await takeEarlyJson('/api/collections');
  });

  it('nothing was asked early: nothing to take', async () => {
    await expect(takeEarlyJson('/api/never')).resolves.toBeUndefined();
  });
});

describe('the early album read, in slices', () => {
  const hrefOf = (input: string | URL | Request) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const albums = Array.from({ length: ALBUM_SLICE * 2 + 5 }, (_, i) => ({ id: i + 1, title: `Take ${i}` }));
  const slice = (url: string, tag = 'W/"list"', total = albums.length) => {
    const query = new URL(url, 'http://x').searchParams;
    const offset = Number(query.get('offset'));
    const limit = Number(query.get('limit'));
    return new Response(JSON.stringify(albums.slice(offset, offset + limit)), {
      status: 200,
      headers: { 'content-type': 'application/json', etag: tag.replace(/"$/, `:${offset}:${limit}"`), 'x-total-count': String(total) },
    });
  };

  it('reads the list in slices and puts it back together in order', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(slice(hrefOf(url))));
    startEarlyReads(['/api/albums']);
    await expect(takeEarlyJson('/api/albums')).resolves.toEqual(albums);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `/api/albums?offset=0&limit=${ALBUM_SLICE}`,
      `/api/albums?offset=${ALBUM_SLICE}&limit=${ALBUM_SLICE}`,
      `/api/albums?offset=${ALBUM_SLICE * 2}&limit=${ALBUM_SLICE}`,
    ]);
  });

  it('slices of two versions of the list (a write between them) or a failed slice leave it to the normal read', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(slice(hrefOf(url), hrefOf(url).includes(`offset=${ALBUM_SLICE * 2}`) ? 'W/"newer"' : 'W/"list"')));
    startEarlyReads(['/api/albums']);
    await expect(takeEarlyJson('/api/albums')).resolves.toBeUndefined();

    fetchMock.mockImplementation((url) => Promise.resolve(hrefOf(url).includes('offset=0&') ? slice(hrefOf(url)) : json(500, { message: 'boom' })));
    startEarlyReads(['/api/albums']);
    await expect(takeEarlyJson('/api/albums')).resolves.toBeUndefined();
  });

  it('asks for at most two slices at a time, and puts them back in order whichever answers first', async () => {
    const many = Array.from({ length: ALBUM_SLICE * 6 + 1 }, (_, i) => ({ id: i + 1 }));
    let inFlight = 0;
    let mostInFlight = 0;
    fetchMock.mockImplementation((url) => {
      const query = new URL(hrefOf(url), 'http://x').searchParams;
      const offset = Number(query.get('offset'));
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const body = JSON.stringify(many.slice(offset, offset + ALBUM_SLICE));
      const headers = { 'content-type': 'application/json', etag: `W/"list:${offset}:${ALBUM_SLICE}"`, 'x-total-count': String(many.length) };
      // Later slices answer sooner: the order of the answers is not the order of the list.
      return new Promise((resolve) =>
        setTimeout(() => {
          inFlight -= 1;
          resolve(new Response(body, { status: 200, headers }));
        }, 30 - offset / ALBUM_SLICE),
      );
    });
    startEarlyReads(['/api/albums']);
    await expect(takeEarlyJson('/api/albums')).resolves.toEqual(many);
    expect(fetchMock).toHaveBeenCalledTimes(7);
    expect(mostInFlight).toBe(2);
  });

  it('a short list is the first slice alone', async () => {
    fetchMock.mockImplementation((url) => Promise.resolve(slice(hrefOf(url), 'W/"list"', 3)));
    startEarlyReads(['/api/albums']);
    await expect(takeEarlyJson('/api/albums')).resolves.toEqual(albums.slice(0, ALBUM_SLICE));
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe('a deferred read (the drawn home’s album list, read after the takeover)', () => {
  it('asks nothing until released; a use meanwhile waits for it, and the answer is prepared before it is given out', async () => {
    fetchMock.mockResolvedValue(json(200, [{ id: 7, title: 'Blue Train' }]));
    deferEarlyRead('/api/collections');
    const steps: string[] = [];
    prepareDeferredAnswer('/api/collections', async (answer) => {
      steps.push(`prepared ${JSON.stringify(answer)}`);
    });
    const used = takeEarlyJson('/api/collections').then((answer) => steps.push(`used ${JSON.stringify(answer)}`));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    releaseDeferredReads();
    await used;
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(steps).toEqual(['prepared [{"id":7,"title":"Blue Train"}]', 'used [{"id":7,"title":"Blue Train"}]']);
  });

  it('starts by itself after 10 seconds when nothing releases it', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(json(200, []));
    deferEarlyRead('/api/user');
    vi.advanceTimersByTime(9_999);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    vi.useRealTimers();
    await expect(takeEarlyJson('/api/user')).resolves.toEqual([]);
  });

  it('a preparation that fails still gives the answer out', async () => {
    fetchMock.mockResolvedValue(json(200, { name: 'kept' }));
    deferEarlyRead('/api/enrichment');
    prepareDeferredAnswer('/api/enrichment', () => Promise.reject(new Error('boom')));
    releaseDeferredReads();
    await expect(takeEarlyJson('/api/enrichment')).resolves.toEqual({ name: 'kept' });
  });
});
