import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, parseIp } from './ip-address.js';

export const NOT_PUBLIC_MESSAGE = 'Only public http(s) image addresses are allowed';

/** Why a fetch was refused or failed; `status` is what our API answers for it. */
export class SafeFetchError extends Error {
  constructor(
    readonly status: 400 | 413 | 502,
    message: string,
  ) {
    super(message);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  userAgent: string;
  /** Tests only (AppContext.testAllowedPrivateHosts): host names the FIRST hop may reach although not public. */
  firstHopPrivateHosts?: readonly string[];
  /**
   * Operator-configured origins (the Cover Art Archive base): not user input, so they are reached
   * whatever their address, for as long as the redirect chain has not left them.
   */
  trustedOrigins?: readonly string[];
  resolve?: Resolver;
}

export interface SafeFetchResult {
  /** The address the bytes finally came from, after redirects. */
  url: string;
  contentType: string | undefined;
  body: Buffer;
}

const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** Parses and checks the form of a user-given URL: http(s), no credentials. */
export function parsePublicHttpUrl(raw: string): URL {
  if (!URL.canParse(raw)) throw new SafeFetchError(400, NOT_PUBLIC_MESSAGE);
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError(400, NOT_PUBLIC_MESSAGE);
  if (url.username || url.password) throw new SafeFetchError(400, 'Image addresses must not contain a user name or password');
  return url;
}

/**
 * The one address this hop may connect to. The WHATWG parser has already turned decimal, hex,
 * octal and short IPv4 forms into dotted quads; a host name is resolved here, and every address it
 * resolves to must be public (a name that also points inside is refused outright).
 */
async function pickAddress(url: URL, exempt: boolean, resolve: Resolver): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = parseIp(host);
  if (literal) {
    if (!exempt && !isPublicAddress(host)) throw new SafeFetchError(400, NOT_PUBLIC_MESSAGE);
    return { address: host, family: literal.length === 4 ? 4 : 6 };
  }
  let answers: ResolvedAddress[];
  try {
    answers = await resolve(host);
  } catch {
    throw new SafeFetchError(400, `The image address's host ${host} could not be found`);
  }
  const first = answers[0];
  if (!first) throw new SafeFetchError(400, `The image address's host ${host} could not be found`);
  if (!exempt && !answers.every((a) => isPublicAddress(a.address))) throw new SafeFetchError(400, NOT_PUBLIC_MESSAGE);
  // One pinned address means no happy-eyeballs fallback; IPv4 is the one most hosts can route.
  return answers.find((a) => a.family === 4) ?? first;
}

/** A lookup that always answers the address already checked, so DNS cannot change it in between. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

interface HopResponse {
  status: number;
  location: string | undefined;
  contentType: string | undefined;
  body: Buffer;
}

function requestOnce(url: URL, pinned: ResolvedAddress, options: SafeFetchOptions, signal: AbortSignal): Promise<HopResponse> {
  return new Promise((resolvePromise, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: pinnedLookup(pinned),
        signal,
        headers: { 'user-agent': options.userAgent, accept: 'image/*', 'accept-encoding': 'identity' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        const contentType = response.headers['content-type'];
        if (status >= 300 && status < 400) {
          response.resume();
          resolvePromise({ status, location, contentType, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          reject(tooLarge(options.maxBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // The cap holds while streaming: a server that lies about (or omits) its length is cut off.
          if (size > options.maxBytes) {
            response.destroy();
            reject(tooLarge(options.maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolvePromise({ status, location, contentType, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

const tooLarge = (maxBytes: number) => new SafeFetchError(413, `The image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);

/**
 * Fetches a user-given http(s) URL without letting it reach the server's own network: every hop
 * (at most `maxRedirects` redirects) is re-checked, connects only to the address that was checked,
 * is cut off past `maxBytes`, and the whole chain has one time limit.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const resolve = options.resolve ?? systemResolver;
  const trusted = new Set(options.trustedOrigins ?? []);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  let url = parsePublicHttpUrl(rawUrl);
  let stillTrusted = trusted.has(url.origin);
  try {
    for (let hop = 0; ; hop++) {
      stillTrusted &&= trusted.has(url.origin);
      const exempt = stillTrusted || (hop === 0 && (options.firstHopPrivateHosts ?? []).includes(url.hostname));
      const pinned = await pickAddress(url, exempt, resolve);
      let response: HopResponse;
      try {
        response = await requestOnce(url, pinned, options, controller.signal);
      } catch (error) {
        if (error instanceof SafeFetchError) throw error;
        if (controller.signal.aborted) throw new SafeFetchError(502, 'The image took too long to download');
        throw new SafeFetchError(502, 'The image could not be downloaded');
      }
      if (response.status >= 300 && response.status < 400 && response.location) {
        if (hop >= options.maxRedirects) throw new SafeFetchError(400, 'The image address redirected too many times');
        if (!URL.canParse(response.location, url.href)) throw new SafeFetchError(502, 'The image could not be downloaded (a bad redirect)');
        url = parsePublicHttpUrl(new URL(response.location, url.href).href);
        continue;
      }
      if (response.status < 200 || response.status >= 300) {
        throw new SafeFetchError(502, `The image could not be downloaded (the server answered ${response.status})`);
      }
      return { url: url.href, contentType: response.contentType, body: response.body };
    }
  } finally {
    clearTimeout(timer);
  }
}
