import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { THEME_SCRIPT } from '../../common/theme-script.js';
import type { FastifyInstance } from 'fastify';

const OSM_TILES = ['https://*.tile.openstreetmap.org', 'https://tile.openstreetmap.org'];

/**
 * The image source a configured tile URL template needs (MAP_TILE_URL), e.g. `https://*.example.com`
 * for `https://{s}.example.com/{z}/{x}/{y}.png`; undefined when it cannot be read as a URL.
 */
export function tileSource(template: string): string | undefined {
  const probe = template.replace(/\{s\}/g, 'subdomain').replace(/\{[^}]*\}/g, '0');
  if (!URL.canParse(probe)) return undefined;
  const url = new URL(probe);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return `${url.protocol}//${url.host.replace(/^subdomain\./, '*.')}`;
}

/**
 * The policy of an /api/ answer: it is data (JSON, a CSV download, an image), never a page, so it may load
 * nothing, run nothing and be framed nowhere. Stricter than a page's and the same for every answer.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none';base-uri 'self';object-src 'none';frame-ancestors 'none'";

/**
 * The headers that protect an answer which is not a page (docs/product/api.md#security-headers): the
 * browser must not sniff it into a page, frame it, or hand it to another site's page; HSTS as on every
 * answer. The page-only headers (the page's CSP, Referrer-Policy, Cross-Origin-Opener-Policy,
 * Origin-Agent-Cluster, DNS prefetching, and those for old browsers and plug-ins) say nothing about an
 * answer no browser renders, and writing them was a tenth of a signed-in GET /api/user's CPU.
 */
export function apiHeaders(pageHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const hsts = pageHeaders['strict-transport-security'];
  return {
    'content-security-policy': API_CONTENT_SECURITY_POLICY,
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(hsts === undefined ? {} : { 'strict-transport-security': hsts }),
  };
}

/**
 * Security headers for every response. Pages (everything outside /api/: the app, the shared pages, the
 * demo checkout, the scripts and the service worker, whose own CSP governs what it may fetch) get
 * helmet's set; the CSP allows no inline script but the theme's, by its hash. /api/ answers get
 * `apiHeaders`. The headers never vary, so helmet's middleware runs once, at start-up, against a
 * recording response, and every request gets the recorded headers as Fastify reply headers
 * (per-request cost: helmet's twelve middlewares and `res.setHeader` calls per request also sent Node's
 * header writing down its slow path, merging those with the reply's). A route's own `reply.header`
 * still overrides one.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const https = app.ctx.config.secureCookies;
  const tiles = tileSource(app.ctx.config.mapTileUrl);
  const imgSrc = ["'self'", 'data:', 'blob:', ...OSM_TILES, ...(tiles && !OSM_TILES.includes(tiles) ? [tiles] : [])];
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script, the theme's (common/theme-script.ts), by its hash.
        scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The record-store maps' tiles (docs/product/record-stores.md#maps): OpenStreetMap's and the configured ones.
        imgSrc,
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  const pageHeaders = recordHeaders(applyHeaders);
  const answerHeaders = apiHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? answerHeaders : pageHeaders);
    done();
  });
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a (synchronous, request-independent) middleware sets, lower-cased, in its order. */
function recordHeaders(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error('The security headers middleware failed');
    finished = true;
  });
  if (!finished) throw new Error('The security headers middleware did not finish synchronously');
  return headers;
}
