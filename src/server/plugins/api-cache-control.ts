import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { KEEPABLE_HEADER, SHELF_MARKER_HEADER, isKeptRead } from '../../common/offline-copy.js';
import { sessionShelfMarker } from './sessions.js';

const KEEPS_PRIVATE = /\b(private|no-store)\b/i;

const setsCookie = (reply: FastifyReply) => reply.getHeader('set-cookie') !== undefined;

/**
 * Whether the signed-in user's device may keep this answer as its offline copy
 * (docs/product/offline.md#shelf): a 200 to a GET of one of the home's reads that sets no cookie. The service
 * worker keeps only answers so marked, since a service worker cannot see Set-Cookie. `no-store` still tells
 * HTTP caches to keep nothing: the service worker's Cache Storage copy is the app's own, deliberate one
 * (docs/decisions.md).
 */
function mayKeepOffline(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' || reply.statusCode !== 200 || !request.user || setsCookie(reply)) return false;
  const query = request.url.indexOf('?');
  return query === -1 ? isKeptRead(request.url, '') : false;
}

/**
 * One rule for what caches may keep of authenticated /api answers, so no route can forget it
 * (docs/product/api.md#caching; an album's answer, with its price and loan, once carried no Cache-Control at
 * all). It applies to answers to a signed-in request and to answers that set the session cookie (login,
 * register, logout):
 * - an answer whose route chose nothing gets `no-store` (JSON, errors, and 304s alike);
 * - a route's own choice is kept when it is already `private` or `no-store`, otherwise made private
 *   (`no-cache` becomes `private, no-cache`, `public` becomes `private`), so GET /api/albums keeps
 *   `private, no-cache` with its ETag, and content-addressed images their `private, max-age…`.
 * Signed-out answers (a 401, public shared pages) are left as their routes made them: the app does not
 * read the body of a 401, and Chromium keeps a `no-store` response it was not asked to read open (the
 * request never ends, holding a connection), where it would otherwise drain it.
 */
export function registerApiCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.url.startsWith('/api/') || (!request.user && !setsCookie(reply))) return done(null, payload);
    const chosen = reply.getHeader('cache-control');
    if (typeof chosen !== 'string' || chosen.trim() === '') {
      void reply.header('cache-control', 'no-store');
    } else if (!KEEPS_PRIVATE.test(chosen)) {
      void reply.header('cache-control', /\bpublic\b/i.test(chosen) ? chosen.replace(/\bpublic\b/i, 'private') : `private, ${chosen}`);
    }
    if (mayKeepOffline(request, reply)) {
      void reply.header(KEEPABLE_HEADER, '1');
      // The kept copy is tagged with the session that read it: offline, it shows only while the
      // browser still holds that session's marker.
      if (request.sessionIdHash) void reply.header(SHELF_MARKER_HEADER, sessionShelfMarker(request.sessionIdHash));
    }
    done(null, payload);
  });
}
