import type { FastifyInstance } from 'fastify';

const KEEPS_PRIVATE = /\b(private|no-store)\b/i;

/**
 * One rule for what caches may keep of /api answers, so no route can forget it (issue 9: an album's
 * answer, with its price and loan, carried no Cache-Control at all):
 * - an answer whose route chose nothing gets `no-store` (JSON, errors, and 304s alike);
 * - an answer to a signed-in request is never storable by a shared cache: a route's own choice is
 *   kept when it is already `private` or `no-store`, otherwise made private (`no-cache` becomes
 *   `private, no-cache`, `public` becomes `private`). Routes that revalidate (GET /api/albums:
 *   `private, no-cache` with an ETag) and content-addressed images (`private, max-age…`) keep theirs.
 */
export function registerApiCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.url.startsWith('/api/')) return done(null, payload);
    const chosen = reply.getHeader('cache-control');
    if (typeof chosen !== 'string' || chosen.trim() === '') {
      void reply.header('cache-control', 'no-store');
    } else if (request.user && !KEEPS_PRIVATE.test(chosen)) {
      void reply.header('cache-control', /\bpublic\b/i.test(chosen) ? chosen.replace(/\bpublic\b/i, 'private') : `private, ${chosen}`);
    }
    done(null, payload);
  });
}
