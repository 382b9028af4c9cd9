import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

/** Adds markup to <head> of index.html for some paths (link previews of shared collections). */
export type HeadRenderer = (request: FastifyRequest) => Promise<string | null>;

declare module 'fastify' {
  interface FastifyInstance {
    headRenderers: HeadRenderer[];
  }
}

function loadAssets(root: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
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
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
        immutable: urlPath.startsWith('/assets/'),
      });
    }
  };
  walk(root);
  return assets;
}

function send(request: FastifyRequest, reply: FastifyReply, asset: Asset, body?: Buffer) {
  void reply.header('content-type', asset.type).header('vary', 'Accept-Encoding');
  // Hashed assets never change; everything else is revalidated on every load (index.html never stale).
  void reply.header('cache-control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (body) return reply.send(body);
  void reply.header('etag', asset.etag);
  if (request.headers['if-none-match'] === asset.etag) return reply.status(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (asset.br && /\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(asset.br);
  if (asset.gzip && /\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.body);
}

/**
 * Serves the built web app from memory: files by exact path only (no path ever reaches the disk at
 * request time), precompressed variants when the client accepts them, and index.html for every other
 * GET outside /api so the client router takes over (D12).
 */
export function registerWebApp(app: FastifyInstance, webRoot: string): void {
  app.decorate('headRenderers', [] as HeadRenderer[]);
  const assets = existsSync(path.join(webRoot, 'index.html')) ? loadAssets(webRoot) : new Map<string, Asset>();
  const index = assets.get('/index.html');

  app.get('/*', async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath === '/api') {
      return reply.status(404).send({ message: `No such API route: ${request.method} ${urlPath}`, code: 'NOT_FOUND' });
    }
    const asset = urlPath !== '/index.html' ? assets.get(urlPath) : undefined;
    if (asset) return send(request, reply, asset);
    if (urlPath.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    if (!index) return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    for (const render of app.headRenderers) {
      const head = await render(request);
      if (head) return send(request, reply, index, Buffer.from(index.body.toString('utf8').replace('</head>', `${head}</head>`)));
    }
    return send(request, reply, index);
  });
}
