import { createHash } from 'node:crypto';
import helmet from 'helmet';
import { THEME_SCRIPT } from '../../common/theme-script.js';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for every response; the CSP allows no inline script but the theme's, by its hash.
 * The headers never vary, so helmet's middleware is built once here (the Fastify wrapper rebuilt it,
 * and re-parsed the CSP, on every request).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const https = app.ctx.config.secureCookies;
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script, the theme's (common/theme-script.ts), by its hash.
        scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org', 'https://tile.openstreetmap.org'],
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
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
