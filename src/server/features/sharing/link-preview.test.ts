import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { buildAlbum, buildCollection, buildImage } from '../../test/factories.js';
import { PRIVATE_FIELDS, share } from './sharing.test-support.js';

const INDEX = '<!doctype html><html><head><title>Spindle</title></head><body><div id="root"></div></body></html>';
const ORIGIN = 'https://spindle.example';

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

const page = async (url: string) => {
  const response = await new Client(t.app).get(url);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  return response.body;
};

/** The content of <meta {attribute}="{key}">, exactly as written in the markup. */
const metaContent = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];

describe('Link previews of /shared/{token}', () => {
  it('injects Open Graph, Twitter and noindex meta with the collection name, size, owner, link and a cover', async () => {
    const { client, user } = await signUp(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const id = (await buildCollection(t.app, user.id, 'Late Night Jazz')).id;
    const image = await buildImage(t.app, user.id);
    await buildAlbum(t.app, user.id, { ...PRIVATE_FIELDS, collection: 'Late Night Jazz', title: 'Zebra', artist: 'A', coverUrl: 'https://example.org/remote.jpg', price: 99.99 });
    await buildAlbum(t.app, user.id, { ...PRIVATE_FIELDS, collection: 'Late Night Jazz', title: 'Kind of Blue', artist: 'Miles Davis', coverUrl: `/api/cover-art/${image.name}` });
    const token = await share(client, id);

    const html = await page(`/shared/${token}`);
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(metaContent(html, 'og:title')).toBe('Late Night Jazz');
    expect(metaContent(html, 'og:description')).toBe('2 albums · shared by Ada Lovelace on Spindle');
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:url')).toBe(`${ORIGIN}/shared/${token}`);
    expect(metaContent(html, 'og:image')).toBe(`${ORIGIN}/api/shared/${token}/cover-art/${image.name}`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe(`${ORIGIN}/api/shared/${token}/cover-art/${image.name}`);
    expect(html).not.toContain(user.username);
    expect(html).not.toContain('99.99');
    // The preview sits inside <head>, before the page's own markup.
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');

    // The image it names is really served to a crawler.
    const cover = await new Client(t.app).get(`/api/shared/${token}/cover-art/${image.name}`);
    expect(cover.statusCode).toBe(200);
  });

  it('escapes every value: a name with "><script> or $-patterns cannot break out of the markup', async () => {
    const { client, user } = await signUp(t.app, { firstName: '<img src=x onerror=alert(1)>', lastName: "O'Brien" });
    const evil = `"><script>alert(1)</script> $' $& $\``;
    const id = (await buildCollection(t.app, user.id, evil)).id;
    await buildAlbum(t.app, user.id, { ...PRIVATE_FIELDS, collection: evil, title: evil, artist: evil });
    const token = await share(client, id);

    const html = await page(`/shared/${token}`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1);
    expect(metaContent(html, 'og:title')).toBe('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62; &#36;&#39; &#36;&#38; &#36;`');
    expect(metaContent(html, 'og:description')).toBe('1 album · shared by &#60;img src=x onerror=alert(1)&#62; O&#39;Brien on Spindle');
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'og:image')).toBeUndefined();
  });

  it('an invalid, malformed or disabled token gets the plain index.html', async () => {
    const { client, user } = await signUp(t.app);
    const id = (await buildCollection(t.app, user.id, 'Withdrawn')).id;
    const token = await share(client, id);
    expect(await page(`/shared/${token}?utm=x`)).toContain('og:title');
    await client.delete(`/api/collections/${id}/share`);
    // The page every other client route gets (web-app.ts may add its own markup to index.html).
    const plain = await page('/collection');
    expect(plain).toContain('<div id="root"></div>');
    expect(plain).not.toMatch(/og:|twitter:|name="robots"/);
    for (const url of [`/shared/${token}`, `/shared/${'A'.repeat(32)}`, '/shared/%22%3E%3Cscript%3E']) {
      expect(await page(url), url).toBe(plain);
    }
  });
});
