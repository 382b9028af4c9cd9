import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_COPY_HEADER } from '../../common/offline-copy';
import { refreshWhenBackOnline } from './back-online';
import { getOfflineState, nextRequestNumber, noteAnswer, readsFromKeptCopy, resetOfflineState } from './offline-state';

const KEPT_AT = '2026-11-24T16:00:00.000Z';
const kept = () => new Response('{}', { headers: { [OFFLINE_COPY_HEADER]: KEPT_AT } });
const network = () => new Response('{}');
const ALBUMS = '/api/albums';

let stop: () => void = () => {};
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetOfflineState();
});

/**
 * A page showing the album list from the kept copy. Its reads (the user asked by the watcher, the
 * album list read afresh on invalidation) are answered by the network once `back` is true.
 */
function pageOnTheKeptCopy() {
  const state = { back: false };
  const answer = () => (state.back ? network() : kept());
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient();
  client.setQueryData([ALBUMS], []);
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockImplementation(async () => noteAnswer(answer(), nextRequestNumber(), ALBUMS));
  noteAnswer(kept(), nextRequestNumber(), ALBUMS);
  stop = refreshWhenBackOnline(client);
  return { state, fetch, invalidate };
}

describe('back online', () => {
  it('without an online event, the network is asked again until it answers; then every query is read afresh and the notice goes', async () => {
    const page = pageOnTheKeptCopy();
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.fetch).toHaveBeenCalledTimes(1);
    expect(page.invalidate).not.toHaveBeenCalled();
    expect(getOfflineState().offline).toBe(true);

    page.state.back = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(page.fetch).toHaveBeenCalledTimes(2);
    expect(page.invalidate).toHaveBeenCalledTimes(1);
    expect(getOfflineState()).toEqual({ offline: false, keptAt: null });
    expect(readsFromKeptCopy()).toEqual([]);

    // Fresh data shown: nothing more is asked.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(page.fetch).toHaveBeenCalledTimes(2);
  });

  it('waits longer after each answer from the kept copy, at most 5 s', async () => {
    const page = pageOnTheKeptCopy();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 5000 + 5000);
    expect(page.fetch).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(4999);
    expect(page.fetch).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(page.fetch).toHaveBeenCalledTimes(6);
  });

  it('the online event asks at once, and a list still answered from the kept copy is asked for again', async () => {
    const page = pageOnTheKeptCopy();
    page.state.back = true;
    // The first refresh's album list still comes from the copy (the network was not quite back).
    page.invalidate.mockImplementationOnce(async () => noteAnswer(kept(), nextRequestNumber(), ALBUMS));
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(page.invalidate).toHaveBeenCalledTimes(1);
    expect(readsFromKeptCopy()).toEqual([ALBUMS]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(page.invalidate).toHaveBeenCalledTimes(2);
    expect(readsFromKeptCopy()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(page.invalidate).toHaveBeenCalledTimes(2);
  });

  it('an answer from the network to another read asks at once, even after another read already cleared the notice', async () => {
    const page = pageOnTheKeptCopy();
    page.state.back = true;
    noteAnswer(network(), nextRequestNumber(), '/api/enrichment');
    expect(getOfflineState().offline).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(page.invalidate).toHaveBeenCalledTimes(1);
    expect(readsFromKeptCopy()).toEqual([]);
  });

  it('a page showing nothing from the kept copy asks nothing', async () => {
    const fetch = vi.fn(async () => network());
    vi.stubGlobal('fetch', fetch);
    stop = refreshWhenBackOnline(new QueryClient());
    noteAnswer(network(), nextRequestNumber(), ALBUMS);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).not.toHaveBeenCalled();
  });
});
