import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImage, updateUser } from '../../test/factories.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';

const INDEX = '<!doctype html><html><head><title>Spindle</title></head><body><div id="root"></div></body></html>';
const ORIGIN = 'https://spindle.example';
const NOT_FOUND = { message: 'This shared wish list link is invalid or has been disabled', code: 'NOT_FOUND' };

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'spindle-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  t = await createTestApp({ PUBLIC_URL: ORIGIN }, { webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const visitor = () => new Client(t.app);

async function share(client: Client): Promise<string> {
  const response = await client.post('/api/wishlist/share');
  expect(response.statusCode).toBe(200);
  return response.json<{ shareToken: string }>().shareToken;
}

async function wish(client: Client, body: Record<string, unknown>) {
  const response = await client.post('/api/wishlist', body);
  expect(response.statusCode, response.body).toBe(201);
}

/** A collector with a private-looking wish list, shared: what no visitor may ever see is in every wish. */
async function sharedList(firstName = 'Ada', lastName = 'Lovelace') {
  const { client, user } = await signUp(t.app, { firstName, lastName });
  const image = await buildImage(t.app, user.id);
  await wish(client, { title: 'Maybe Later', artist: 'X', priority: 3, maxPrice: 7.77, notes: 'private note three' });
  await wish(client, {
    title: 'Blue Train',
    artist: 'John Coltrane',
    format: 'LP',
    pressing: 'Blue Note 1577 mono',
    coverUrl: `/api/cover-art/${image.name}`,
    priority: 1,
    maxPrice: 123.45,
    notes: 'private note one',
  });
  const token = await share(client);
  return { client, user, image, token };
}

const page = async (url: string) => {
  const response = await visitor().get(url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.body;
};

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];

/** Nothing the owner keeps for themselves, in any spelling the bytes could carry. */
function expectNothingPrivate(body: string, username: string) {
  for (const secret of [
    'maxPrice',
    '123.45',
    '12345',
    '7.77',
    'private note',
    'notes',
    username,
    'Lovelace',
    '/api/cover-art/',
  ]) {
    expect(body, secret).not.toContain(secret);
  }
}

describe('Gift list covers: GET /api/wishlist/shared/{token}/cover-art/{name}', () => {
  it("serves a stored cover that a wish of the list shows, through the gift list's own address, to anyone", async () => {
    const { image, token } = await sharedList();
    const list = (await visitor().get(`/api/wishlist/shared/${token}`)).json<{ coverUrl: string | null }[]>();
    expect(list[0]!.coverUrl).toBe(`/api/wishlist/shared/${token}/cover-art/${image.name}`);

    const full = await visitor().get(list[0]!.coverUrl!);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.rawPayload.equals(image.data)).toBe(true);
    // Revalidated every time, so that disabling the link also ends cached copies.
    expect(full.headers['cache-control']).toBe('no-cache');
    const thumb = await visitor().get(`${list[0]!.coverUrl!}?size=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.equals(image.thumb)).toBe(true);
  });

  it("refuses the owner's other images, other users' images, and every image once the link is disabled", async () => {
    const { client, user, image, token } = await sharedList();
    const unused = await buildImage(t.app, user.id);
    const stranger = await signUp(t.app);
    const strangers = await buildImage(t.app, stranger.user.id);
    // A wish naming someone else's stored image must not make that image public.
    await wish(client, { title: 'Borrowed', artist: 'A', coverUrl: `/api/cover-art/${strangers.name}` });

    for (const name of [unused.name, strangers.name, '..%2F..%2Fetc%2Fpasswd', 'nope.png']) {
      const response = await visitor().get(`/api/wishlist/shared/${token}/cover-art/${name}`);
      expect(response.statusCode, name).toBe(404);
    }
    await client.delete('/api/wishlist/share');
    const gone = await visitor().get(`/api/wishlist/shared/${token}/cover-art/${image.name}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(NOT_FOUND);
  });
});

describe('Gift list: what an attacker can learn', () => {
  it("another collector's token shows only that collector's list, and nothing private", async () => {
    const first = await sharedList();
    const second = await signUp(t.app, { firstName: 'Grace', lastName: 'Hopper' });
    await wish(second.client, { title: 'Giant Steps', artist: 'John Coltrane', maxPrice: 55, notes: 'second private note' });
    const secondToken = await share(second.client);

    const firstList = await visitor().get(`/api/wishlist/shared/${first.token}`);
    expect(firstList.json<{ title: string }[]>().map((item) => item.title)).toEqual(['Blue Train', 'Maybe Later']);
    expectNothingPrivate(firstList.body, first.user.username);
    expect(firstList.body).not.toContain('Giant Steps');

    // Signed in as the other collector changes nothing: the token decides, not the session.
    const asSecond = await second.client.get(`/api/wishlist/shared/${first.token}`);
    expect(asSecond.json()).toEqual(firstList.json());
    const secondList = await first.client.get(`/api/wishlist/shared/${secondToken}`);
    expect(secondList.json()).toEqual([
      { title: 'Giant Steps', artist: 'John Coltrane', format: null, pressing: null, coverUrl: null, priority: 2 },
    ]);
    expect(secondList.body).not.toContain('55');
    expect(secondList.body).not.toContain(second.user.username);
  });

  it('a disabled token, an unknown one and a malformed one get the same answer, headers and all', async () => {
    const { client, token } = await sharedList();
    await client.delete('/api/wishlist/share');
    const answers = await Promise.all(
      [token, 'Q'.repeat(32), token.slice(1), 'short', 'bad%20token', "'%20OR%201=1--"].map((guess) =>
        visitor().get(`/api/wishlist/shared/${guess}`),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(NOT_FOUND);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-robots-tag']).toBe('noindex');
    }
    // The same length too: nothing in the body tells a disabled link from one that never was.
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
  });

  it('a paused owner publishes neither the list nor its covers nor a preview', async () => {
    const { user, image, token } = await sharedList();
    await updateUser(t.app, user.id, { account_status: 'paused' });
    expect((await visitor().get(`/api/wishlist/shared/${token}`)).statusCode).toBe(404);
    expect((await visitor().get(`/api/wishlist/shared/${token}/cover-art/${image.name}`)).statusCode).toBe(404);
    expect(await page(`/wishlist/shared/${token}`)).not.toContain('og:title');
  });
});

describe('Link previews of /wishlist/shared/{token}', () => {
  it('carries Open Graph, Twitter and noindex meta: the titles and the first stored cover, never the owner, prices or notes', async () => {
    const { user, image, token } = await sharedList();
    const html = await page(`/wishlist/shared/${token}`);
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(metaContent(html, 'og:title')).toBe('Gift list');
    expect(metaContent(html, 'og:description')).toBe('2 records wished for: Blue Train, Maybe Later · shared on Spindle');
    expect(metaContent(html, 'og:url')).toBe(`${ORIGIN}/wishlist/shared/${token}`);
    expect(metaContent(html, 'og:image')).toBe(`${ORIGIN}/api/wishlist/shared/${token}/cover-art/${image.name}`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe(`${ORIGIN}/api/wishlist/shared/${token}/cover-art/${image.name}`);
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expectNothingPrivate(html.replace(`/api/wishlist/shared/${token}/cover-art/`, ''), user.username);
  });

  it('escapes every value and names no remote cover', async () => {
    const { client } = await signUp(t.app);
    const evil = `"><script>alert(1)</script> $' $&`;
    await wish(client, { title: evil, artist: evil, coverUrl: 'https://example.org/remote.jpg' });
    for (let n = 0; n < 4; n++) await wish(client, { title: `Record ${n}`, artist: 'A' });
    const token = await share(client);
    const html = await page(`/wishlist/shared/${token}`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(metaContent(html, 'og:description')).toBe(
      '5 records wished for: &#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#36;&#39; &#36;&#38;, Record 0, Record 1 and 2 more · shared on Spindle',
    );
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(html).not.toContain('example.org');
  });

  it('a disabled, unknown or malformed token gets the plain page, the same as any other address', async () => {
    const { client, token } = await sharedList();
    expect(await page(`/wishlist/shared/${token}?utm=x`)).toContain('og:title');
    await client.delete('/api/wishlist/share');
    const plain = await page('/wishlist');
    expect(plain).not.toMatch(/og:|twitter:|name="robots"/);
    for (const url of [
      `/wishlist/shared/${token}`,
      `/wishlist/shared/${'A'.repeat(32)}`,
      '/wishlist/shared/%22%3E%3Cscript%3E',
    ]) {
      expect(await page(url), url).toBe(plain);
    }
  });
});
