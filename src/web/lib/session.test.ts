import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const navigation = vi.hoisted(() => ({ path: '/', navigateTo: vi.fn() }));
vi.mock('./navigation', () => ({
  navigateTo: navigation.navigateTo,
  currentPath: () => navigation.path,
  currentPathWithSearch: () => navigation.path,
}));

const { fetchSessionUser, userQueryOptions } = await import('./session');

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const gatedBody = {
  message: 'Your free trial has expired. Please subscribe to continue.',
  redirectTo: '/subscription',
  userId: 42,
  username: 'ada@example.com',
  email: 'ada@example.com',
};

beforeEach(() => {
  fetchMock.mockReset();
  navigation.navigateTo.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('session user lookup (docs/product/auth.md#the-signed-in-user)', () => {
  it('401 means no user', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Not authenticated' }));
    await expect(fetchSessionUser()).resolves.toBeNull();
  });

  it('returns the user', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 7, username: 'ada@example.com' }));
    await expect(fetchSessionUser()).resolves.toMatchObject({ id: 7, username: 'ada@example.com' });
    expect(fetchMock.mock.calls[0]![1]?.credentials).toBe('include');
  });

  it.each(['/', '/subscription', '/shared/AbCdEfGhIjKlMnOpQrStUv', '/record-stores/shared/abc', '/terms-of-service'])('402 on %s builds a placeholder session user and stays', async (path) => {
    navigation.path = path;
    fetchMock.mockResolvedValue(json(402, gatedBody));
    await expect(fetchSessionUser()).resolves.toMatchObject({
      id: 42,
      username: 'ada@example.com',
      email: 'ada@example.com',
      subscriptionStatus: 'inactive',
      trialExpired: true,
      isAdmin: false,
      accountStatus: 'active',
    });
    expect(navigation.navigateTo).not.toHaveBeenCalled();
  });

  it('402 elsewhere goes to /subscription', async () => {
    navigation.path = '/profile';
    fetchMock.mockResolvedValue(json(402, gatedBody));
    await fetchSessionUser();
    expect(navigation.navigateTo).toHaveBeenCalledWith('/subscription');
  });

  it('402 without details gives id -1 and username User', async () => {
    navigation.path = '/';
    fetchMock.mockResolvedValue(json(402, { message: 'Payment required' }));
    await expect(fetchSessionUser()).resolves.toMatchObject({ id: -1, username: 'User', email: null });
  });

  it('any other failure raises an error carrying the response text', async () => {
    fetchMock.mockResolvedValue(new Response('database unavailable', { status: 503 }));
    await expect(fetchSessionUser()).rejects.toHaveProperty('message', 'database unavailable');
  });

  it('is cached 30 s and never retried', () => {
    expect(userQueryOptions.staleTime).toBe(30_000);
    expect(userQueryOptions.retry).toBe(false);
  });
});

describe('a page the server served signed out', () => {
  const markedPage = (marked: boolean) => ({
    querySelector: (selector: string) => (marked && selector === 'meta[name="spindle-signed-out"]' ? {} : null),
  });

  async function freshSession(marked: boolean) {
    vi.resetModules();
    vi.stubGlobal('document', markedPage(marked));
    return import('./session');
  }

  it('answers the first read with no user without asking, and asks the server from the second read on', async () => {
    const session = await freshSession(true);
    await expect(session.fetchSessionUser()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    // After a login in this page, the server is the authority again.
    fetchMock.mockResolvedValue(json(200, { id: 7, username: 'ada@example.com' }));
    await expect(session.fetchSessionUser()).resolves.toMatchObject({ id: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an unmarked page asks at the first read too', async () => {
    const session = await freshSession(false);
    fetchMock.mockResolvedValue(json(200, { id: 7, username: 'ada@example.com' }));
    await expect(session.fetchSessionUser()).resolves.toMatchObject({ id: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(session.pageServedSignedOut()).toBe(false);
  });
});
