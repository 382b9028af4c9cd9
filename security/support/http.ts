import { randomBytes } from 'node:crypto';
import http from 'node:http';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface RequestOptions {
  method?: string;
  /** A JSON body (sent with application/json) unless `raw` is given. */
  body?: unknown;
  raw?: string | Buffer;
  headers?: Record<string, string>;
  /** Leave out the same-origin Origin header a browser would send with a mutation. */
  noOrigin?: boolean;
}

/** Methods fetch() will not send; node:http does. */
const FETCH_REFUSES = new Set(['TRACE', 'TRACK', 'CONNECT']);

function rawRequest(url: string, method: string, headers: Record<string, string>, body: string | Buffer | undefined): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, one);
        }
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers: responseHeaders }));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const SESSION_COOKIE_NAMES = ['spindle_session', '__Host-spindle_session'];

/**
 * A browser-like client over real HTTP: keeps the session cookie, and sends the app's own Origin with
 * state-changing requests (as a page of the app does), so only the attack under test differs.
 */
export class HttpClient {
  cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  sessionValue(): string | undefined {
    for (const name of SESSION_COOKIE_NAMES) if (this.cookies.has(name)) return this.cookies.get(name);
    return undefined;
  }

  async request(path: string, options: RequestOptions = {}): Promise<Answer> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    if (!options.noOrigin && method !== 'GET' && method !== 'HEAD') headers.origin = this.baseUrl;
    let body: string | Buffer | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, options.headers ?? {});
    const response = FETCH_REFUSES.has(method)
      ? await rawRequest(this.baseUrl + path, method, headers, body)
      : await fetch(this.baseUrl + path, { method, headers, body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body), redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  get(path: string, options: Omit<RequestOptions, 'method'> = {}) {
    return this.request(path, { ...options, method: 'GET' });
  }
  post(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
    return this.request(path, { ...options, method: 'POST', body });
  }
  put(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) {
    return this.request(path, { ...options, method: 'PUT', body });
  }
  delete(path: string, options: Omit<RequestOptions, 'method'> = {}) {
    return this.request(path, { ...options, method: 'DELETE' });
  }
}

export const PASSWORD = 'correct horse battery';
export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

export interface Account {
  client: HttpClient;
  id: number;
  email: string;
  password: string;
}

/** Registers a fresh account over HTTP; the client is signed in as it. */
export async function register(baseUrl: string, fields: { email?: string; firstName?: string; lastName?: string } = {}): Promise<Account> {
  const client = new HttpClient(baseUrl);
  const email = fields.email ?? uniqueEmail();
  const res = await client.post('/api/register', { username: email, password: PASSWORD, firstName: fields.firstName ?? 'Test', lastName: fields.lastName ?? 'User' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, id: (res.json as { id: number }).id, email, password: PASSWORD };
}

/** Signs in over HTTP with a fresh client. */
export async function login(baseUrl: string, email: string, password = PASSWORD): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const res = await client.post('/api/login', { username: email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return client;
}
