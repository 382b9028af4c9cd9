import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-client';

vi.mock('./navigation', () => ({ navigateTo: vi.fn(), currentPath: () => '/', currentPathWithSearch: () => '/' }));
const { collectionsRetry, createQueryClient, readRetry } = await import('./query-client');

const unauthorized = new ApiError('Unauthorized', 401, null, undefined);
const serverError = new ApiError('500: boom', 500, 'boom', undefined);

describe('query client (docs/product/api.md#client)', () => {
  it('reads are retried once', () => {
    expect(readRetry(0, serverError)).toBe(true);
    expect(readRetry(1, serverError)).toBe(false);
    expect(readRetry(0, new NetworkError())).toBe(true);
  });

  it('the collections query is retried up to 3 times, except on a 401', () => {
    expect([0, 1, 2, 3].map((n) => collectionsRetry(n, serverError))).toEqual([true, true, true, false]);
    expect(collectionsRetry(0, unauthorized)).toBe(false);
  });

  it('mutations are never retried; data is stale at once, dropped when unused and refetched on focus', () => {
    const client = createQueryClient();
    const defaults = client.getDefaultOptions();
    expect(defaults.mutations?.retry).toBe(false);
    expect(defaults.queries).toMatchObject({ staleTime: 0, gcTime: 0, refetchOnWindowFocus: true });
    expect(client.getQueryDefaults(['/api/collections'])).toMatchObject({
      retry: collectionsRetry,
      refetchOnMount: 'always',
      refetchOnWindowFocus: 'always',
      refetchOnReconnect: 'always',
    });
  });
});

describe('read failures wired to the cache and the router (docs/product/api.md#client)', () => {
  it('a 401 on a read signs the user out of the cache and goes to /login, remembering where it was', async () => {
    const { navigateTo } = await import('./navigation');
    const { getJson } = await import('./api-client');
    const { wireReadHandlers } = await import('./query-client');
    const client = createQueryClient();
    wireReadHandlers(client);
    client.setQueryData(['/api/user'], { id: 1 });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Not authenticated"}', { status: 401 })));
    try {
      await expect(getJson('/api/collections')).rejects.toHaveProperty('message', 'Unauthorized');
    } finally {
      vi.unstubAllGlobals();
    }
    expect(client.getQueryData(['/api/user'])).toBeNull();
    expect(navigateTo).toHaveBeenCalledWith('/login', { state: { from: '/' } });
  });

  it('a 402 on a read goes to the subscription page', async () => {
    const { navigateTo } = await import('./navigation');
    const { getJson } = await import('./api-client');
    const { wireReadHandlers } = await import('./query-client');
    wireReadHandlers(createQueryClient());
    vi.mocked(navigateTo).mockClear();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Please subscribe"}', { status: 402 })));
    try {
      await expect(getJson('/api/albums')).rejects.toHaveProperty('status', 402);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(navigateTo).toHaveBeenCalledWith('/subscription');
  });
});
