import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

export const NUL_MESSAGE = 'Text must not contain NUL characters';

const MAX_DEPTH = 8;

/** Whether any string (or key) in a parsed JSON value, a query or params object holds U+0000. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL's text cannot hold U+0000: a NUL in any value that reaches a query failed the request
 * with a 500 there (the security suite found it through the demo checkout's path), while SQLite kept
 * it. No field of the app has a use for one, so every request's path parameters, query and parsed
 * body are refused with 400 when they hold one, before any route sees them, on both engines alike.
 * Raw bodies (the signed Stripe webhook keeps its bytes) are not parsed here.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    // The path and query can hold a NUL only %-escaped (Node's HTTP parser refuses a raw one in the
    // request line; an injected request may still carry one), so a request without a body whose URL
    // holds neither needs no walk over its objects.
    if (request.body === undefined && !request.url.includes('%') && !request.url.includes('\u0000')) return done();
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) return done(badRequest(NUL_MESSAGE));
    done();
  });
}
