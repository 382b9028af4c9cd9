import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCheckout } from './api';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('POST /api/subscription/checkout (docs/product/subscription.md#pages)', () => {
  it("sends {tier: 'premium'} with cookies and answers the url", async () => {
    fetchMock.mockResolvedValue(json(200, { url: '/checkout/demo/cs_1' }));
    await expect(createCheckout()).resolves.toBe('/checkout/demo/cs_1');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/subscription/checkout');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(init?.body as string)).toEqual({ tier: 'premium' });
  });

  it('a failure carries the server message and its details', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'An email is required for subscription' }));
    await expect(createCheckout()).rejects.toMatchObject({ name: 'CheckoutError', message: 'An email is required for subscription' });
  });

  it('an unreadable body falls back to the text for its status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>oops</html>', { status: 401 }));
    await expect(createCheckout()).rejects.toMatchObject({ message: 'You need to be logged in to subscribe' });
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    await expect(createCheckout()).rejects.toMatchObject({ message: 'Server Error: Subscription Failed. Please try again later.' });
  });

  it('no answer, or an answer without a url, is the default text', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(createCheckout()).rejects.toMatchObject({ message: 'Failed to create checkout session' });
    fetchMock.mockResolvedValue(json(200, {}));
    await expect(createCheckout()).rejects.toMatchObject({ message: 'Failed to create checkout session' });
  });
});
