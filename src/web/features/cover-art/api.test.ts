import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, setReadHandlers } from '../../lib/api-client';
import { coverErrorText, coverSearchUrl, importCoverArt, searchCoverArt, uploadCoverArt } from './api';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setReadHandlers({ onUnauthorized: () => {}, onPaymentRequired: () => {} });
});

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'sleeve.png', { type: 'image/png' });

describe('GET /api/cover-art?title=&artist= (docs/product/cover-art.md#search)', () => {
  it('asks with the trimmed title and artist, with credentials, and answers the list of image URLs', async () => {
    fetchMock.mockResolvedValue(json(200, ['https://coverartarchive.org/release/a/front-500']));
    await expect(searchCoverArt({ title: ' Kind of Blue ', artist: 'Miles Davis & Co' })).resolves.toEqual([
      'https://coverartarchive.org/release/a/front-500',
    ]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/cover-art?title=Kind+of+Blue&artist=Miles+Davis+%26+Co');
    expect(init?.credentials).toBe('include');
    expect(coverSearchUrl('a', 'b')).toBe('/api/cover-art?title=a&artist=b');
  });

  it('an empty list means nothing was found', async () => {
    fetchMock.mockResolvedValue(json(200, []));
    await expect(searchCoverArt({ title: 'Unknown', artist: 'Nobody' })).resolves.toEqual([]);
  });

  it('a failed search shows the server message', async () => {
    fetchMock.mockResolvedValue(json(502, { message: 'Cover art search is unavailable right now. Please try again later.', code: 'BAD_GATEWAY' }));
    const error = await searchCoverArt({ title: 'a', artist: 'b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(coverErrorText(error)).toBe('Cover art search is unavailable right now. Please try again later.');
  });

  it('a 401 signs out like every other read', async () => {
    const onUnauthorized = vi.fn();
    setReadHandlers({ onUnauthorized });
    fetchMock.mockResolvedValue(json(401, { message: 'Not authenticated' }));
    await expect(searchCoverArt({ title: 'a', artist: 'b' })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});

describe('POST /api/cover-art/upload: multipart file, optional title, artist, albumId only when editing', () => {
  it('sends the file with title and artist and answers the stored url', async () => {
    fetchMock.mockResolvedValue(json(200, { url: '/api/cover-art/abc123.png' }));
    const file = png();
    await expect(uploadCoverArt({ file, title: ' Blue ', artist: 'Joni Mitchell' })).resolves.toEqual({ url: '/api/cover-art/abc123.png' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/cover-art/upload');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    // The browser must write the multipart boundary: no hand-made content type.
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
    const body = init?.body as FormData;
    expect(body.get('title')).toBe('Blue');
    expect(body.get('artist')).toBe('Joni Mitchell');
    expect(body.has('albumId')).toBe(false);
    const sent = body.get('file') as File;
    expect(sent.name).toBe('sleeve.png');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  });

  it('sends albumId when editing, and leaves out blank title and artist', async () => {
    fetchMock.mockResolvedValue(json(200, { url: '/api/cover-art/abc123.png' }));
    await uploadCoverArt({ file: png(), title: '  ', artist: '', albumId: 42 });
    const body = fetchMock.mock.calls[0]![1]?.body as FormData;
    expect(body.get('albumId')).toBe('42');
    expect(body.has('title')).toBe(false);
    expect(body.has('artist')).toBe(false);
  });

  it('a refused upload raises the server reason', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'Only JPEG, PNG, WebP and GIF images are allowed', code: 'BAD_REQUEST' }));
    const error = await uploadCoverArt({ file: png() }).catch((e: unknown) => e);
    expect(coverErrorText(error)).toBe('Only JPEG, PNG, WebP and GIF images are allowed');
  });

  it('a reply without a JSON message uses the status text', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Request Entity Too Large</html>', { status: 413, statusText: 'Payload Too Large' }));
    const error = await uploadCoverArt({ file: png() }).catch((e: unknown) => e);
    expect(coverErrorText(error)).toBe('Payload Too Large');
  });

  it('no answer at all is a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await uploadCoverArt({ file: png() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(coverErrorText(error)).toBe('Network error occurred');
  });
});

describe('POST /api/cover-art/import: chosen remote covers are stored by the server (docs/product/cover-art.md#import)', () => {
  it('posts the remote URL as JSON and answers the stored url', async () => {
    fetchMock.mockResolvedValue(json(200, { url: '/api/cover-art/def456.jpg' }));
    await expect(importCoverArt('https://coverartarchive.org/release/a/front-500')).resolves.toEqual({ url: '/api/cover-art/def456.jpg' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/cover-art/import');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(init?.body as string)).toEqual({ url: 'https://coverartarchive.org/release/a/front-500' });
  });

  it('a refused address raises the server message', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'The address did not return a JPEG, PNG, WebP or GIF image', code: 'BAD_REQUEST' }));
    const error = await importCoverArt('https://example.com/page.html').catch((e: unknown) => e);
    expect(coverErrorText(error)).toBe('The address did not return a JPEG, PNG, WebP or GIF image');
  });

  it('anything else is an unexpected error', () => {
    expect(coverErrorText(new Error('boom'))).toBe('An unexpected error occurred');
  });
});
