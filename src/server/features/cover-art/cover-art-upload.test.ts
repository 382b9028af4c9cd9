import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildAlbum } from '../../test/factories.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { imageCount, upload } from './cover-art.test-support.js';
import * as fixtures from './fixtures/images.js';
import { NOT_AN_IMAGE_MESSAGE, TOO_LARGE_MESSAGE, TOO_MANY_PIXELS_MESSAGE, UNREADABLE_MESSAGE } from './image-processing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STORED_URL = /^\/api\/cover-art\/[0-9a-f]{32}\.(jpg|png|webp)$/;

describe('POST /api/cover-art/upload', () => {
  it.each([
    ['JPEG', fixtures.jpeg, 'image/jpeg', 'jpg'],
    ['PNG', fixtures.png, 'image/png', 'png'],
    ['WebP', fixtures.webp, 'image/webp', 'webp'],
    ['GIF', fixtures.gif, 'image/webp', 'webp'],
  ] as const)('accepts a real %s and serves it back with its type, nosniff, an ETag and 304s', async (_kind, make, type, extension) => {
    const { client, user } = await signUp(t.app);
    const original = await make();
    const res = await upload(client, original, { filename: 'my cover.bin', contentType: 'application/octet-stream' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(STORED_URL);
    expect(url.endsWith(`.${extension}`)).toBe(true);
    expect(await imageCount(t.app, user.id)).toBe(1);

    const served = await client.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe(extension === 'jpg' ? 'jpeg' : extension);
    const source = await sharp(original).metadata();
    expect([meta.width, meta.height]).toEqual([source.width, source.height]);

    const again = await client.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves a grid thumbnail (WebP, at most 300 px) with ?size=thumb', async () => {
    const { client } = await signUp(t.app);
    const big = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } }).png().toBuffer();
    const { url } = (await upload(client, big)).json();
    const thumb = await client.get(`${url}?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 200 });
    expect(thumb.headers.etag).not.toBe((await client.get(url)).headers.etag);
  });

  it('keeps an animated GIF animated (as WebP)', async () => {
    const { client } = await signUp(t.app);
    const { url } = (await upload(client, await fixtures.animatedGif(), { filename: 'spin.gif', contentType: 'image/gif' })).json();
    const served = await client.get(url);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload, { animated: true }).metadata()).pages).toBe(2);
  });

  it('strips metadata: what is stored holds only pixels', async () => {
    const { client } = await signUp(t.app);
    const original = await fixtures.jpegWithExif();
    expect(original.includes('SecretCam')).toBe(true);
    const { url } = (await upload(client, original)).json();
    const served = await client.get(url);
    expect(served.rawPayload.includes('SecretCam')).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('accepts a JPEG with HTML in a comment but stores it re-encoded, without the HTML', async () => {
    const { client } = await signUp(t.app);
    const polyglot = await fixtures.jpegWithHtmlComment();
    expect(polyglot.includes('<script>')).toBe(true);
    const res = await upload(client, polyglot);
    expect(res.statusCode).toBe(200);
    const served = await client.get(res.json().url);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.includes('<script>')).toBe(false);
    expect(served.rawPayload.includes('polyglot')).toBe(false);
  });

  it.each([
    ['a text file named .png', fixtures.textFile, 'notes.png', 'image/png', 400, NOT_AN_IMAGE_MESSAGE],
    ['an SVG with a script', fixtures.svgWithScript, 'cover.svg', 'image/svg+xml', 400, NOT_AN_IMAGE_MESSAGE],
    ['an SVG with a script, named .jpg', fixtures.svgWithScript, 'cover.jpg', 'image/jpeg', 400, NOT_AN_IMAGE_MESSAGE],
    ['HTML followed by a JPEG (polyglot)', fixtures.htmlThenJpeg, 'cover.jpg', 'image/jpeg', 400, NOT_AN_IMAGE_MESSAGE],
    ['a JPEG cut short', async () => (await fixtures.jpeg()).subarray(0, 200), 'cover.jpg', 'image/jpeg', 400, UNREADABLE_MESSAGE],
    ['a 6 MB file', () => fixtures.noisyPng(), 'big.png', 'image/png', 413, TOO_LARGE_MESSAGE],
    ['a 14000×14000 PNG (decompression bomb)', async () => fixtures.hugeDimensionsPng(), 'bomb.png', 'image/png', 400, TOO_MANY_PIXELS_MESSAGE],
  ] as const)('refuses %s with a clear message and stores nothing', async (_what, make, filename, contentType, status, message) => {
    const { client, user } = await signUp(t.app);
    const bytes = await make();
    const res = await upload(client, bytes, { filename, contentType });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await imageCount(t.app, user.id)).toBe(0);
  });

  it('checks the pixel count before decoding anything', async () => {
    const { client } = await signUp(t.app);
    const bomb = fixtures.hugeDimensionsPng();
    expect(bomb.length).toBeLessThan(100_000);
    const started = Date.now();
    const res = await upload(client, bomb, { filename: 'bomb.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(400);
    // Decoding 196 megapixels would take seconds and hundreds of MB; reading the header does not.
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('answers 400 without a file, and for a body that is not multipart', async () => {
    const { client } = await signUp(t.app);
    const noFile = await client.request({
      method: 'POST',
      url: '/api/cover-art/upload',
      ...(() => {
        const boundary = 'x-boundary';
        return {
          payload: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nKind of Blue\r\n--${boundary}--\r\n`,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        };
      })(),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Please choose an image file to upload');
    const json = await client.post('/api/cover-art/upload', { file: 'data:image/png;base64,AAAA' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Please choose an image file to upload');
  });

  it('accepts a file just under 5 MB (the JSON body limit does not apply to uploads)', async () => {
    const { client } = await signUp(t.app);
    const large = await fixtures.noisyPng(1250, 1300);
    expect(large.length).toBeGreaterThan(4.5 * 1024 * 1024);
    expect(large.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(client, large, { filename: 'large.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(200);
  });

  it('keeps one copy when the same user uploads the same picture twice', async () => {
    const { client, user } = await signUp(t.app);
    const picture = await fixtures.jpeg({ r: 1, g: 2, b: 3 });
    const first = (await upload(client, picture)).json().url;
    const second = (await upload(client, picture, { filename: 'again.jpg' })).json().url;
    expect(second).toBe(first);
    expect(await imageCount(t.app, user.id)).toBe(1);
  });

  it('accepts title, artist and albumId (the caller’s album), and 404s another user’s album', async () => {
    const owner = await signUp(t.app);
    const albumId = (await buildAlbum(t.app, owner.user.id)).id;
    const fields = { title: 'Kind of Blue', artist: 'Miles Davis', albumId: String(albumId) };
    const mine = await upload(owner.client, await fixtures.png(), { fields });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().url).toMatch(STORED_URL);

    const stranger = await signUp(t.app);
    const theirs = await upload(stranger.client, await fixtures.png(), { fields });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Album not found');
    expect(await imageCount(t.app, stranger.user.id)).toBe(0);

    const bad = await upload(stranger.client, await fixtures.png(), { fields: { albumId: '12abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('albumId must be a positive whole number');
  });

  it('answers 401 signed out and 402 to a gated user, storing nothing', async () => {
    const before = await imageCount(t.app);
    expect((await upload(new Client(t.app), await fixtures.jpeg())).statusCode).toBe(401);
    const gated = await signUp(t.app);
    await t.app.ctx.db.updateTable('users').set({ subscription_status: 'past_due' }).where('id', '=', gated.user.id).execute();
    expect((await upload(gated.client, await fixtures.jpeg())).statusCode).toBe(402);
    expect(await imageCount(t.app)).toBe(before);
  });
});

describe('GET /api/cover-art/{filename}', () => {
  it("answers 404 for another user's image and for an unknown name, 401 signed out", async () => {
    const owner = await signUp(t.app);
    const { url } = (await upload(owner.client, await fixtures.jpeg())).json();
    const stranger = await signUp(t.app);
    const res = await stranger.client.get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Cover image not found' });
    expect((await stranger.client.get(`${url}?size=thumb`)).statusCode).toBe(404);
    expect((await owner.client.get('/api/cover-art/0123456789abcdef0123456789abcdef.jpg')).statusCode).toBe(404);
    expect((await new Client(t.app).get(url)).statusCode).toBe(401);
  });

  it.each(['..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f%2e%2e%2fspindle.sqlite', '..%2Fspindle.sqlite', 'abc.png%00.txt', '%00', 'cover.svg', 'a.b.png', '..', '.env'])(
    'answers 404 (400 for a NUL) for %s without looking anything up',
    async (name) => {
      const { client } = await signUp(t.app);
      const selectFrom = vi.spyOn(t.app.ctx.db, 'selectFrom');
      try {
        const res = await client.get(`/api/cover-art/${name}`);
        // A NUL character is refused before any route (plugins/nul-characters.ts).
        expect(res.statusCode).toBe(name.includes('%00') ? 400 : 404);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body).not.toMatch(/root:|SQLite format/);
        expect(selectFrom.mock.calls.filter(([table]) => JSON.stringify(table).includes('images'))).toHaveLength(0);
      } finally {
        selectFrom.mockRestore();
      }
    },
  );
});
