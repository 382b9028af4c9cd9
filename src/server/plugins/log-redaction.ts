import type { FastifyRequest } from 'fastify';

/**
 * Request URLs as the log may keep them: a share link's token, a password-reset token or the demo
 * checkout's secret is the key to what it names (a collection, a store list, an account, a payment),
 * and logs travel further than the database — to files, collectors and whoever reads them. Whatever
 * holds such a key is replaced: `/api/shared/[token]/albums`, `?token=[redacted]`.
 */

// Cheap first look, so the ordinary request pays one test: anything that could hold a key, or be
// spelled with escapes that the router decodes (`/api/%73hared/…` reaches the share route).
const MAY_HOLD_SECRET = /shared|token|secret|demo-checkout|%/i;
// Every share link, present and future: /shared/{token}, /api/shared/{token}, /record-stores/shared/
// {token}, /api/record-stores/shared/{token}, /wishlist/shared/{token}… in any letter case.
const SHARED_TOKEN = /\/shared\/[^/]+/gi;
// The demo checkout page's address: /demo-checkout/{session}/{secret}; its form posts to …/pay and …/cancel.
const CHECKOUT_SECRET = /^(\/demo-checkout\/[^/]+\/)(?!(?:pay|cancel)\/?$)[^/]+/i;
const SECRET_PARAMETER = /token|secret/i;

function decoded(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The URL with every token or secret it carries, in its path or its query, replaced. */
export function redactUrl(url: string): string {
  if (!MAY_HOLD_SECRET.test(url)) return url;
  const queryAt = url.indexOf('?');
  const path = decoded(queryAt === -1 ? url : url.slice(0, queryAt))
    .replace(SHARED_TOKEN, '/shared/[token]')
    .replace(CHECKOUT_SECRET, '$1[secret]');
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETER.test(decoded(name.replaceAll('+', ' '))) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * Fastify's own `req` serializer (method, url, version, host, remote address and port), with the URL
 * redacted: used by every line that logs a request (`incoming request` at debug, and any other).
 */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
