import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';

const INDEX = '<!doctype html><html><head><title>Spindle</title></head><body><div id="root"></div></body></html>';
const PRELOADS = [
  '<link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials">',
  '<link rel="preload" href="/api/collections" as="fetch" crossorigin="use-credentials">',
  '<link rel="preload" href="/api/albums" as="fetch" crossorigin="use-credentials">',
];

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'spindle-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  t = await createTestApp({}, { webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the collection home page asks the browser to start its reads early', () => {
  it('preloads the user, collections and albums for a signed-in user on /, /collection and /collections', async () => {
    const { client } = await signUp(t.app);
    for (const url of ['/', '/collection?collection=Jazz', '/collections']) {
      const res = await client.get(url);
      expect(res.statusCode).toBe(200);
      for (const link of PRELOADS) expect(res.body).toContain(link);
    }
  });

  it('preloads nothing for a visitor, or on other pages', async () => {
    const visitor = await new Client(t.app).get('/collection');
    expect(visitor.body).not.toContain('rel="preload"');
    const { client } = await signUp(t.app);
    expect((await client.get('/profile')).body).not.toContain('rel="preload"');
  });
});
