import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { peekEarlyJson, startEarlyReads, takeEarlyJson } from './early-home-reads';

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
