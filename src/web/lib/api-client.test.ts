import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError, getJson, NetworkError, setReadHandlers } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: string, init: { statusText?: string; type?: string } = {}) {
  return new Response(status === 204 ? null : body, {
    status,
    statusText: init.statusText ?? '',
    headers: { 'content-type': init.type ?? 'application/json' },
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setReadHandlers({ onUnauthorized: () => {}, onPaymentRequired: () => {} });
});

describe('default read (docs/product/api.md#client)', () => {
  it('fetches the URL with credentials, asks for JSON and reads JSON', async () => {
    fetchMock.mockResolvedValue(answer(200, '[{"id":1,"name":"Jazz"}]'));
    await expect(getJson('/api/collections')).resolves.toEqual([{ id: 1, name: 'Jazz' }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/collections');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('accept')).toBe('application/json');
  });

  it('a 401 sends the browser to /login and raises Unauthorized', async () => {
    const onUnauthorized = vi.fn();
    setReadHandlers({ onUnauthorized });
    fetchMock.mockResolvedValue(answer(401, '{"message":"Not authenticated"}'));
    await expect(getJson('/api/albums')).rejects.toHaveProperty('message', 'Unauthorized');
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('any other failure raises "STATUS: body"', async () => {
    fetchMock.mockResolvedValue(answer(404, '{"message":"Album not found"}'));
    const error = await getJson('/api/albums/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"message":"Album not found"}');
    expect((error as ApiError).status).toBe(404);
  });

  it('a 402 raises "402: body" and leads to the subscription page', async () => {
    const onPaymentRequired = vi.fn();
    setReadHandlers({ onPaymentRequired });
    const body = '{"message":"Your subscription is inactive. Please subscribe to continue.","redirectTo":"/subscription"}';
    fetchMock.mockResolvedValue(answer(402, body));
    await expect(getJson('/api/collections')).rejects.toHaveProperty('message', `402: ${body}`);
    expect(onPaymentRequired).toHaveBeenCalledWith(JSON.parse(body));
  });

  it('a network failure raises Network error occurred', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await getJson('/api/collections').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('Network error occurred');
  });
});

describe('apiRequest: generic fetch helper failure (docs/product/api.md#client)', () => {
  it('sends JSON with credentials and resolves with the parsed answer', async () => {
    fetchMock.mockResolvedValue(answer(201, '{"id":3,"name":"Soul"}'));
    await expect(apiRequest('POST', '/api/collections', { name: 'Soul' })).resolves.toEqual({ id: 3, name: 'Soul' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"name":"Soul"}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('sends no content type and no body when there is no payload, and reads an empty answer as null', async () => {
    fetchMock.mockResolvedValue(answer(204, ''));
    await expect(apiRequest('DELETE', '/api/collections/3')).resolves.toBeNull();
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('content-type')).toBe(false);
  });

  it('returns the server message', async () => {
    fetchMock.mockResolvedValue(answer(409, '{"message":"A collection with this name already exists"}', { statusText: 'Conflict' }));
    const error = await apiRequest('POST', '/api/collections', { name: 'Jazz' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('A collection with this name already exists');
    expect((error as ApiError).serverMessage).toBe('A collection with this name already exists');
    expect((error as ApiError).status).toBe(409);
  });

  it('else the status text', async () => {
    fetchMock.mockResolvedValue(answer(502, '<html>Bad gateway</html>', { statusText: 'Bad Gateway', type: 'text/html' }));
    const error = (await apiRequest('PUT', '/api/user/update', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Bad Gateway');
    expect(error.serverMessage).toBeUndefined();
  });

  it('else An unexpected error occurred', async () => {
    fetchMock.mockResolvedValue(answer(500, ''));
    await expect(apiRequest('POST', '/api/logout')).rejects.toHaveProperty('message', 'An unexpected error occurred');
  });

  it('keeps the per-field messages of a validation failure', async () => {
    fetchMock.mockResolvedValue(
      answer(400, '{"message":"Please enter a valid email address","errors":{"email":"Please enter a valid email address"}}'),
    );
    const error = (await apiRequest('PUT', '/api/user/update', { email: 'x' }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({ email: 'Please enter a valid email address' });
  });

  it('a mutation that gets no answer raises Network error occurred', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('POST', '/api/login', {})).rejects.toHaveProperty('message', 'Network error occurred');
  });
});
