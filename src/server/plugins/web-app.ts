import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_SHELL_PATH, SERVICE_WORKER_PATH } from '../../common/offline-copy.js';
import { SIGNED_OUT_META, SUPPORT_EMAIL_META, SUPPORT_EMAIL_PLACEHOLDER } from '../../common/web-placeholders.js';

interface Asset {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  immutable: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
};

/**
 * What a feature adds to index.html for some paths: markup for <head> (link previews of shared
 * collections, preloads), and the app's root element as the server drew it (the collection home),
 * with markup to follow it (the drawing's head of data, a JSON script).
 */
export interface PageParts {
  head?: string;
  root?: { html: string; attributes: Record<string, string>; after?: string };
}
export type PageRenderer = (request: FastifyRequest) => Promise<PageParts | null>;

declare module 'fastify' {
  interface FastifyInstance {
    pageRenderers: PageRenderer[];
  }
}

const EMPTY_ROOT = '<div id="root"></div>';

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

function loadAssets(root: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      // Build bookkeeping (.vite/manifest.json) is not part of the site.
      if (entry.startsWith('.')) continue;
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) {
        walk(full);
        continue;
      }
      if (entry.endsWith('.br') || entry.endsWith('.gz')) continue;
      const urlPath = '/' + path.relative(root, full).split(path.sep).join('/');
      const body = readFileSync(full);
      assets.set(urlPath, {
        body,
        br: existsSync(full + '.br') ? readFileSync(full + '.br') : undefined,
        gzip: existsSync(full + '.gz') ? readFileSync(full + '.gz') : undefined,
        type: TYPES[path.extname(entry)] ?? 'application/octet-stream',
        etag: etagOf(body),
        immutable: urlPath.startsWith('/assets/'),
      });
    }
  };
  walk(root);
  return assets;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The same page with its text rewritten once at start-up, compressed again (the build's .br/.gz hold the old text). */
function rewritten(asset: Asset, rewrite: (html: string) => string): Asset {
  const body = Buffer.from(rewrite(asset.body.toString('utf8')));
  return {
    ...asset,
    body,
    br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip: gzipSync(body, { level: 9 }),
    etag: etagOf(body),
  };
}

/**
 * The configured support address (SUPPORT_EMAIL) into the HTML: in place of the prerendered landing
 * page's placeholder, and as a <meta> tag from which the app's pages read it.
 */
function withSupportEmail(asset: Asset, email: string): Asset {
  const safe = escapeHtml(email);
  return rewritten(asset, (html) =>
    html
      .replaceAll(SUPPORT_EMAIL_PLACEHOLDER, safe)
      .replace('</head>', `  <meta name="${SUPPORT_EMAIL_META}" content="${safe}" />\n  </head>`),
  );
}

/**
 * The app's page as a visitor without a live session gets it: marked so that the app's first session
 * read answers "signed out" without asking. Only a hint for the first paint: every API call is still
 * authorised by the server, and a stale mark means no more than the 401 it stands for.
 */
function withSignedOutMark(asset: Asset): Asset {
  return rewritten(asset, (html) => html.replace('</head>', `  <meta name="${SIGNED_OUT_META}" content="" />\n  </head>`));
}

/** index.html with the renderers' parts in place. */
function composePage(index: string, parts: readonly PageParts[]): string {
  const head = parts.map((part) => part.head ?? '').join('');
  const root = parts.find((part) => part.root)?.root;
  // Function replacements: `$&` or `$'` in a collection name must stay literal.
  let html = head ? index.replace('</head>', () => `${head}</head>`) : index;
  if (root) {
    const attributes = Object.entries(root.attributes)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
    html = html.replace(EMPTY_ROOT, () => `<div id="root"${attributes}>${root.html}</div>${root.after ?? ''}`);
    // A drawn page loads the app after its first frame (src/web/main.tsx): compiling it while the page
    // is shown is what the drawing is there to avoid.
    html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  }
  return html;
}

/** The compressions the client takes. */
function acceptedEncodings(request: FastifyRequest): { br: boolean; gzip: boolean } {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  return { br: /\bbr\b/.test(accepts), gzip: /\bgzip\b/.test(accepts) };
}

/**
 * A page with a user's own data in it: never stored by shared caches, revalidated on every use, and
 * compressed as it goes (quickly: it is made for one request).
 */
function sendPrivatePage(request: FastifyRequest, reply: FastifyReply, html: string) {
  void reply.type('text/html; charset=utf-8').header('vary', 'Accept-Encoding, Cookie').header('cache-control', 'private, no-cache');
  const body = Buffer.from(html);
  const accepts = acceptedEncodings(request);
  if (accepts.br) {
    return reply.header('content-encoding', 'br').send(brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }));
  }
  if (accepts.gzip) return reply.header('content-encoding', 'gzip').send(gzipSync(body, { level: 6 }));
  return reply.send(body);
}

function send(request: FastifyRequest, reply: FastifyReply, asset: Asset, body?: Buffer, vary = 'Accept-Encoding') {
  void reply.header('content-type', asset.type).header('vary', vary);
  // Hashed assets never change; everything else is revalidated on every load (index.html never stale).
  void reply.header('cache-control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (body) return reply.send(body);
  void reply.header('etag', asset.etag);
  if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
  const accepts = acceptedEncodings(request);
  if (asset.br && accepts.br) return reply.header('content-encoding', 'br').send(asset.br);
  if (asset.gzip && accepts.gzip) return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.body);
}

/**
 * Whether GET / is a plain visit the static landing page can answer. Query parameters other than
 * campaign tags are for the app (docs/product/landing.md#landing: `/?subscription_activated=true` shows
 * the log-in screen).
 */
function isPlainVisit(query: unknown): boolean {
  return Object.keys(query && typeof query === 'object' ? query : {}).every((key) => /^(utm_[a-z]+|ref)$/.test(key));
}

// Pages only ever served through the routes below, never under their file names.
const PAGES = new Set(['/index.html', '/landing.html']);

/**
 * Serves the built web app from memory: files by exact path only (no path ever reaches the disk at
 * request time), precompressed variants when the client accepts them, and index.html for every other
 * GET outside /api so the client router takes over (docs/product/landing.md#routes). GET / without a
 * live session answers the prerendered landing page instead (docs/product/landing.md#landing: it loads
 * none of the app's JavaScript).
 */
export function registerWebApp(app: FastifyInstance, webRoot: string): void {
  app.decorate('pageRenderers', [] as PageRenderer[]);
  const assets = existsSync(path.join(webRoot, 'index.html')) ? loadAssets(webRoot) : new Map<string, Asset>();
  const { supportEmail } = app.ctx.config;
  const builtIndex = assets.get('/index.html');
  const builtLanding = assets.get('/landing.html');
  const index = builtIndex && withSupportEmail(builtIndex, supportEmail);
  const signedOutIndex = index && withSignedOutMark(index);
  const landing = builtLanding && withSupportEmail(builtLanding, supportEmail);

  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.status(404).send({ message: `No such API route: ${request.method} ${urlPath}`, code: 'NOT_FOUND' });
    }
    // The service worker's copy of the app shell (docs/product/offline.md#shelf): the page neither drawn for
    // nor marked as anyone, so the same for every visitor; the app reads who is signed in when it starts.
    if (urlPath === APP_SHELL_PATH && index) return send(request, reply, index);
    const asset = PAGES.has(urlPath) ? undefined : assets.get(urlPath);
    // The service worker is looked for on every visit: revalidated, never kept stale (a new build
    // must reach the browser), and scoped to the whole app.
    if (asset && urlPath === SERVICE_WORKER_PATH) void reply.header('service-worker-allowed', '/');
    if (asset) return send(request, reply, asset);
    if (urlPath.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    if (!index || !signedOutIndex) return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    // Every page has two forms, with and without a session (the landing page or the signed-out mark):
    // caches keep them apart by cookie, and revalidate them (no-cache + distinct ETags).
    const vary = 'Accept-Encoding, Cookie';
    const signedIn = Boolean(await app.pageSessionUser(request));
    if (!signedIn && urlPath === '/' && landing && isPlainVisit(request.query)) return send(request, reply, landing, undefined, vary);
    const page = signedIn ? index : signedOutIndex;
    const parts = (await Promise.all(app.pageRenderers.map((render) => render(request)))).filter((part) => part !== null);
    if (parts.length === 0) return send(request, reply, page, undefined, vary);
    const html = composePage(page.body.toString('utf8'), parts);
    if (parts.some((part) => part.root)) return sendPrivatePage(request, reply, html);
    return send(request, reply, page, Buffer.from(html), vary);
  });
}
