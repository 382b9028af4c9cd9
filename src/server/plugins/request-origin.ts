import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route authenticates its callers by other means than the session cookie (a payment
     * provider's signed webhook), so state-changing requests from any origin reach it.
     */
    allowCrossOrigin?: boolean;
    /** The route reads a multipart body (a file upload); every other route refuses one. */
    acceptsMultipart?: boolean;
  }
}

export const CROSS_ORIGIN_MESSAGE = 'Cross-origin requests are not allowed: this request did not come from Spindle itself';
export const MULTIPART_REFUSED_MESSAGE = 'This request does not take a file upload: send application/json';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * CSRF defence in depth (docs/product/api.md#cross-origin): SameSite=Lax cookies still travel with requests from the same
 * *site* (another port of the host, a sibling subdomain), so state-changing requests must come from
 * the app's own *origin*. A browser always names it: `Origin` on every cross-origin request and on
 * same-origin POST/PUT/PATCH/DELETE, else `Sec-Fetch-Site`. A request with neither (curl, another
 * server, tests' inject) carries no ambient browser credentials to abuse, so it passes.
 *
 * The app's origin is PUBLIC_URL's. When PUBLIC_URL is left at its localhost default, the origin the
 * request was addressed to (its scheme and Host) counts as the app's too, so the app works however it
 * is reached (127.0.0.1, a LAN name): the browser sets Origin and Host itself, a page elsewhere cannot
 * make them agree, and a DNS-rebound page would not have our cookies anyway.
 *
 * Multipart bodies are refused on every route not marked `acceptsMultipart` (415): a form on another
 * site can send one without a preflight, and no route but an upload needs one.
 */
export function registerRequestOrigin(app: FastifyInstance): void {
  const { publicUrl, publicUrlIsDefault } = app.ctx.config;
  const publicOrigin = originOf(publicUrl);
  const isOwnOrigin = (request: FastifyRequest, origin: string) => {
    const normalised = originOf(origin);
    if (normalised === undefined) return false;
    if (normalised === publicOrigin) return true;
    return publicUrlIsDefault && normalised === originOf(`${request.protocol}://${request.host}`);
  };
  const fromOwnOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    // A page served with `Referrer-Policy: no-referrer` (the demo checkout, whose address holds a
    // secret) posts its forms with `Origin: null`, and so does a sandboxed frame anywhere; the browser's
    // Sec-Fetch-Site tells them apart. Without it, an opaque origin is refused.
    if (origin === 'null') return site === 'same-origin';
    if (origin !== undefined) return isOwnOrigin(request, origin);
    return site === undefined || site === 'same-origin' || site === 'none';
  };

  app.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
    const route = request.routeOptions.config;
    if (!route.allowCrossOrigin && !fromOwnOrigin(request)) return done(new AppError('FORBIDDEN', CROSS_ORIGIN_MESSAGE));
    const contentType = request.headers['content-type'];
    if (!route.acceptsMultipart && contentType !== undefined && /^\s*multipart\//i.test(contentType)) {
      return done(new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIPART_REFUSED_MESSAGE));
    }
    done();
  });
}
