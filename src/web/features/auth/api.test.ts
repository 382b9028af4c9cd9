import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from './api';

const fetchMock = vi.fn<typeof fetch>();
const stored = new Map<string, string>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = { id: 5, username: 'ada@example.com', email: 'ada@example.com', subscriptionStatus: 'inactive' };

beforeEach(() => {
  stored.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('window', {
    localStorage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => stored.set(k, v), removeItem: (k: string) => stored.delete(k) },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('login outcomes (docs/product/auth.md#login)', () => {
  it('sends username, password and the pending subscription session id', async () => {
    fetchMock.mockResolvedValue(json(200, { user, message: 'Login successful', subscription_required: false }));
    await expect(login({ username: 'ada@example.com', password: 'pw', pendingSubscriptionSessionId: 'cs_1' })).resolves.toMatchObject({ id: 5 });
    expect(JSON.parse(fetchMock.mock.calls[0]![1]?.body as string)).toEqual({ username: 'ada@example.com', password: 'pw', pendingSubscriptionSessionId: 'cs_1' });
    expect(stored.has('subscription_message')).toBe(false);
  });

  it('200 with subscription_required gives a flagged user; the message defaults to Login successful. Subscription required.', async () => {
    fetchMock.mockResolvedValue(json(200, { user, message: '', subscription_required: true }));
    await expect(login({ username: 'ada@example.com', password: 'pw' })).resolves.toMatchObject({ id: 5, subscriptionRequired: true });
    expect(stored.get('subscription_message')).toBe('Login successful. Subscription required.');
  });

  it('402 counts as ok with subscription required and saves the message locally', async () => {
    fetchMock.mockResolvedValue(json(402, { redirectTo: '/subscription', userId: 5, username: 'ada@example.com', email: 'ada@example.com' }));
    await expect(login({ username: 'ada@example.com', password: 'pw' })).resolves.toMatchObject({ id: 5, subscriptionRequired: true });
    expect(stored.get('subscription_message')).toBe('Your subscription is inactive. Please subscribe to continue.');
  });

  it('other failures raise the server message', async () => {
    fetchMock.mockResolvedValue(json(403, { message: 'Your account has been paused. Please contact support to reactivate it.' }));
    await expect(login({ username: 'ada@example.com', password: 'pw' })).rejects.toMatchObject({
      status: 403,
      serverMessage: 'Your account has been paused. Please contact support to reactivate it.',
    });
  });
});
