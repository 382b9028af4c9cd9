import { nextRequestNumber, noteAnswer } from '../offline/offline-state';
import { parseJsonInSlices } from './json-slices';

/**
 * The fetch helper (docs/product/api.md#client). Every call sends the session cookie. Reads (`getJson`) are the
 * default query function; writes go through `apiRequest`.
 */
export const NETWORK_ERROR_MESSAGE = 'Network error occurred';
export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred';
/** A write tried without a network (docs/product/offline.md#writes): the page keeps what was typed, so the message says so. */
export const OFFLINE_WRITE_MESSAGE = 'You are offline: saving changes needs the network. Nothing you typed was lost; try again when you are back online.';

/** An HTTP answer that was not a success. `serverMessage` is the `{message}` of the JSON body, if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    readonly serverMessage: string | undefined,
  ) {
    super(message);
  }

  /** Field messages of a validation failure (`errors` of the error body, docs/product/api.md#errors). */
  get fieldErrors(): Record<string, string> {
    const errors = isRecord(this.body) ? this.body.errors : undefined;
    return isRecord(errors) ? (Object.fromEntries(Object.entries(errors).filter(([, v]) => typeof v === 'string')) as Record<string, string>) : {};
  }
}

/** The request never got an answer (offline, DNS, refused). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(message = NETWORK_ERROR_MESSAGE) {
    super(message);
  }
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

/** What a read does on 401 and 402; the query client wires these to the cache and the router. */
export interface ReadHandlers {
  onUnauthorized(): void;
  onPaymentRequired(body: unknown): void;
}
const readHandlers: ReadHandlers = { onUnauthorized: () => {}, onPaymentRequired: () => {} };

export function setReadHandlers(handlers: Partial<ReadHandlers>): void {
  Object.assign(readHandlers, handlers);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** fetch with cookies; a failure to get any answer becomes NetworkError (an abort stays an abort). */
export async function send(url: string, init: RequestInit = {}): Promise<Response> {
  const requestNumber = nextRequestNumber();
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // A write without a network says so (a read keeps its own text: docs/product/offline.md#writes).
    const write = init.method !== undefined && init.method !== 'GET';
    throw new NetworkError(write && browserOffline() ? OFFLINE_WRITE_MESSAGE : NETWORK_ERROR_MESSAGE);
  }
  noteAnswer(response, requestNumber, url);
  return response;
}

/** The body as JSON; an empty body (204) reads as null. A large list is parsed in slices (json-slices.ts). */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? await parseJsonInSlices(text) : null) as T;
}

/**
 * Default read (docs/product/api.md#client): 401 sends the browser to /login and raises
 * "Unauthorized"; any other failure raises "STATUS: body"; no answer raises "Network
 * error occurred".
 */
export async function getJson<T>(url: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await send(url, { headers: { Accept: 'application/json' }, signal: init.signal });
  if (response.status === 401) {
    readHandlers.onUnauthorized();
    throw new ApiError(UNAUTHORIZED_MESSAGE, 401, null, undefined);
  }
  if (!response.ok) {
    const text = await response.text();
    const body = parseJson(text);
    // docs/product/subscription.md#payment-required: a 402 leads to the subscription page.
    if (response.status === 402) readHandlers.onPaymentRequired(body);
    throw new ApiError(`${response.status}: ${text || response.statusText}`, response.status, body ?? text, messageOf(body));
  }
  return readJson<T>(response);
}

function messageOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === 'string' && body.message ? body.message : undefined;
}

/** An ApiError whose message is the server's, else the status text, else "An unexpected error occurred". */
export async function toApiError(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // A body that cannot be read leaves the status text.
  }
  const body = parseJson(text);
  const serverMessage = messageOf(body);
  return new ApiError(serverMessage ?? (response.statusText || UNEXPECTED_ERROR_MESSAGE), response.status, body ?? text, serverMessage);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON call for mutations. Resolves with the parsed body (null when empty); rejects with ApiError or NetworkError. */
export async function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // No content type without a body: the server refuses an empty JSON body.
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await send(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw await toApiError(response);
  return readJson<T>(response);
}

/** The text a toast shows for a failed call: the server's message, the status text, or the generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof NetworkError) return error.message;
  return UNEXPECTED_ERROR_MESSAGE;
}
