import type { FastifyInstance, FastifyReply } from 'fastify';

const KEEPS_PRIVATE = /\b(private|no-store)\b/i;

const setsCookie = (reply: FastifyReply) => reply.getHeader('set-cookie') !== undefined;

/**
 * One rule for what caches may keep of authenticated /api answers, so no route can forget it
 * (issue 9: an album's answer, with its price and loan, carried no Cache-Control at all). It applies
 * to answers to a signed-in request and to answers that set the session cookie (login, register,
 * logout):
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
    done(null, payload);
  });
}
