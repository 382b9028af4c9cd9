import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeHead, HomeRenderModule } from '../../../common/home-render.js';
import { renderHome } from '../../../web/features/collection-home/home-server-render';
import { buildAlbum, buildCollection } from '../../test/factories.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { usersRepository } from '../users/users.repository.js';

const APP_PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/start-abc.js">';
const INDEX = `<!doctype html><html><head><title>Spindle</title>${APP_PRELOAD}</head><body><div id="root"></div></body></html>`;
const PRELOADS = [
  '<link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials">',
  '<link rel="preload" href="/api/collections" as="fetch" crossorigin="use-credentials">',
  '<link rel="preload" href="/api/albums" as="fetch" crossorigin="use-credentials">',
];

let webRoot: string;
const apps: TestApp[] = [];
beforeAll(() => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'spindle-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), INDEX);
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  rmSync(webRoot, { recursive: true, force: true });
});

/** An app serving INDEX, drawing the home with `homeRender` (the app's real server entry by default). */
async function appWith(homeRender: HomeRenderModule | null = { renderHome }): Promise<TestApp> {
  const app = await createTestApp({}, { webRoot, homeRender });
  apps.push(app);
  return app;
}

/** The markup inside the root element (which the drawing's head may follow). */
function rootOf(body: string): { attributes: string; html: string } {
  const match = /<div id="root"([^>]*)>([\s\S]*)<\/div>(?:<script type="application\/json" id="home-head">[^<]*<\/script>)?<\/body>/.exec(body);
  if (!match) throw new Error(`no root in ${body.slice(0, 200)}`);
  return { attributes: match[1]!, html: match[2]! };
}

/** The head that follows the drawn root (common/home-render.ts), as the browser reads it. */
function headOf(body: string): HomeHead {
  const match = /<\/div><script type="application\/json" id="home-head">([^<]*)<\/script><\/body>/.exec(body);
  if (!match) throw new Error('no head after the root');
  return JSON.parse(match[1]!) as HomeHead;
}

/** Album titles of the drawn cards, in order (each card's title is its h2). */
const cardTitles = (html: string) =>
  [...html.matchAll(/data-testid="album-card"[\s\S]*?<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);

/** The UTC date `days` ago: loans are counted on the server's UTC calendar. */
function daysAgo(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The text of the drawn overdue line ("2 records overdue — see them"), or null when it is not drawn. */
function overdueLine(html: string): string | null {
  const match = /data-testid="overdue-notice"[\s\S]*?<p[^>]*>([\s\S]*?)<\/p>/.exec(html);
  return match ? match[1]!.replace(/<[^>]*>/g, '').replace(/<!-- -->/g, '').replace(/\s+/g, ' ').trim() : null;
}

/** GET with the session and one more cookie, as the browser sends the stored selection. */
async function getWithCookie(client: Client, url: string, cookie: string) {
  const session = client.cookie;
  client.cookie = `${session}; ${cookie}`;
  try {
    return await client.get(url);
  } finally {
    client.cookie = session;
  }
}

async function addAlbums(app: FastifyInstance, userId: number, collection: string, titles: string[]) {
  await buildCollection(app, userId, collection);
  for (const title of titles) await buildAlbum(app, userId, { collection, title, artist: `${title} Band`, price: 10 });
}

describe('the collection home drawn on the server (the first cards show before any script runs)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith();
  });

  it('draws the selected collection: its name, count and total, and its albums sorted by title, for /, /collection and /collections', async () => {
    const { client, user } = await signUp(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    await addAlbums(t.app, user.id, 'Jazz', ['Kind of Blue', 'A Love Supreme', 'Blue Train']);
    await addAlbums(t.app, user.id, 'Rock', ['Marquee Moon']);
    for (const url of ['/collection?collection=Jazz', '/?collection=Jazz', '/collections?collection=Jazz']) {
      const res = await client.get(url);
      expect(res.statusCode).toBe(200);
      const root = rootOf(res.body);
      expect(root.attributes).toContain('data-server-render="home"');
      expect(cardTitles(root.html)).toEqual(['A Love Supreme', 'Blue Train', 'Kind of Blue']);
      expect(root.html).toMatch(/<h1[^>]*>Jazz<\/h1>/);
      expect(root.html).toContain('3 albums');
      expect(root.html).toContain('$30.00');
      expect(root.html).toContain('Ada Lovelace');
      expect(root.html).not.toContain('Marquee Moon');
      // Nothing competes with showing the drawing: the app's code and its reads come after it.
      for (const link of PRELOADS) expect(res.body).not.toContain(link);
      expect(res.body).not.toContain(APP_PRELOAD);
    }
  });

  it('is private to the user: never stored by shared caches, revalidated, varying by cookie', async () => {
    const { client, user } = await signUp(t.app);
    await addAlbums(t.app, user.id, 'Shelf', ['Horses']);
    const res = await client.get('/collection');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.vary)).toContain('Cookie');
    expect(res.headers.etag).toBeUndefined();
  });

  it('without a collection in the URL, draws the one the browser stored (its cookie) and says so; else the first', async () => {
    const { client, user } = await signUp(t.app);
    await addAlbums(t.app, user.id, 'Attic', ['Low']);
    await addAlbums(t.app, user.id, 'Basement', ['Heroes']);
    const stored = await getWithCookie(client, '/collection', 'spindle_selected_collection=Basement');
    const root = rootOf(stored.body);
    expect(root.attributes).toContain('data-stored-selection="Basement"');
    expect(cardTitles(root.html)).toEqual(['Heroes']);

    const gone = rootOf((await getWithCookie(client, '/', 'spindle_selected_collection=Cellar')).body);
    expect(gone.attributes).toContain('data-stored-selection="Cellar"');
    expect(cardTitles(gone.html)).toEqual(['Low']);

    const none = rootOf((await client.get('/collections')).body);
    expect(none.attributes).not.toContain('data-stored-selection');
    expect(cardTitles(none.html)).toEqual(['Low']);
  });

  it('draws All albums from the address or the stored selection, each card naming its collection, with the address\'s sort and filters (docs/product/collections.md#all-albums)', async () => {
    const { client, user } = await signUp(t.app);
    await buildAlbum(t.app, user.id, { collection: 'Jazz', title: 'Kind of Blue', artist: 'Miles Davis', releaseYear: 1959 });
    await buildAlbum(t.app, user.id, { collection: 'Jazz', title: 'Blue Train', artist: 'John Coltrane', releaseYear: 1957 });
    await buildAlbum(t.app, user.id, { collection: 'Rock', title: 'Abbey Road', artist: 'The Beatles', releaseYear: 1969 });

    const fromAddress = rootOf((await getWithCookie(client, '/collection?collection=&sort=artist', 'spindle_selected_collection=Jazz')).body);
    expect(fromAddress.html).toContain('All albums');
    // "The Beatles" under B, then Coltrane and Davis.
    expect(cardTitles(fromAddress.html)).toEqual(['Abbey Road', 'Blue Train', 'Kind of Blue']);
    expect(fromAddress.html).toMatch(/data-testid="album-details"[^>]*>(<span[^>]*>In <\/span>)?Rock · 1969</);

    const stored = rootOf((await getWithCookie(client, '/collection?q=blue', 'spindle_selected_collection=')).body);
    expect(stored.attributes).toContain('data-stored-selection=""');
    expect(stored.html).toContain('All albums');
    expect(cardTitles(stored.html)).toEqual(['Blue Train', 'Kind of Blue']);
    expect(stored.html).toContain('2 of 3 albums');
  });

  it('draws with the sort, filters and layout the browser stored (its home-view cookie), and says which; a hostile cookie draws the default view', async () => {
    const { client, user } = await signUp(t.app);
    for (const [title, artist] of [['Kind of Blue', 'Miles Davis'], ['Blue Train', 'John Coltrane'], ['A Love Supreme', 'John Coltrane']]) {
      await buildAlbum(t.app, user.id, { collection: 'Jazz', title: title!, artist: artist! });
    }
    const view = JSON.stringify({ sortBy: 'artist', layout: 'list', filters: { artist: 'coltrane', genre: '', lending: 'all', search: '', format: '', minRating: 0 } });
    const res = await getWithCookie(client, '/collection?collection=Jazz', `spindle_home_view=${encodeURIComponent(view)}`);
    const root = rootOf(res.body);
    expect(root.attributes).toContain(`data-stored-view="${view.replaceAll('"', '&quot;')}"`);
    const rowTitles = [...root.html.matchAll(/data-testid="album-row"[\s\S]*?<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(rowTitles).toEqual(['A Love Supreme', 'Blue Train']);
    expect(cardTitles(root.html)).toEqual([]);
    expect(root.html).toContain('2 of 3 albums');

    for (const hostile of ['%7B%22sortBy%22%3A%22%3Cscript%3E%22', 'not-json', encodeURIComponent('{"layout":"<img src=x onerror=alert(1)>"}')]) {
      const drawn = await getWithCookie(client, '/collection?collection=Jazz', `spindle_home_view=${hostile}`);
      expect(drawn.statusCode).toBe(200);
      const plain = rootOf(drawn.body);
      expect(cardTitles(plain.html)).toEqual(['A Love Supreme', 'Blue Train', 'Kind of Blue']);
      expect(plain.attributes).toContain('data-stored-view="{&quot;sortBy&quot;:&quot;title&quot;,&quot;layout&quot;:&quot;grid&quot;');
      expect(drawn.body).not.toContain('<script>');
      expect(drawn.body).not.toContain('onerror=alert');
    }
  });

  it('draws the overdue line when loans are overdue and this device has not dismissed them; not when dismissed, nor with none overdue', async () => {
    const { client, user } = await signUp(t.app);
    // With nothing overdue (one loan within the reminder), no line.
    await buildAlbum(t.app, user.id, { collection: 'Shelf', title: 'Blue', artist: 'Joni Mitchell', isLent: true, lentTo: 'Kim', lentDate: daysAgo(3) });
    const none = rootOf((await client.get('/collection')).body);
    expect(overdueLine(none.html)).toBeNull();
    expect(none.attributes).not.toContain('data-stored-overdue-dismissal');

    // Counted across collections, whichever one is drawn.
    const abbey = await buildAlbum(t.app, user.id, { collection: 'Shelf', title: 'Abbey Road', artist: 'The Beatles', isLent: true, lentTo: 'Sam', lentDate: daysAgo(45) });
    const train = await buildAlbum(t.app, user.id, { collection: 'Jazz', title: 'Blue Train', artist: 'John Coltrane', isLent: true, lentTo: 'Ana', lentDate: daysAgo(31) });
    const shown = rootOf((await client.get('/collection?collection=Shelf')).body);
    expect(overdueLine(shown.html)).toBe('2 records overdue — see them');
    expect(shown.html).toContain('href="/analytics#overdue-loans"');
    expect(shown.html).toContain('aria-label="Dismiss the overdue notice"');

    // Dismissed for those two on this device: no line, and the drawing says what it took as dismissed.
    const both = `${abbey.id}:${daysAgo(45)}.${train.id}:${daysAgo(31)}`;
    const dismissed = rootOf((await getWithCookie(client, '/collection?collection=Shelf', `spindle_overdue_dismissed=${encodeURIComponent(both)}`)).body);
    expect(overdueLine(dismissed.html)).toBeNull();
    expect(dismissed.attributes).toContain(`data-stored-overdue-dismissal="${[`${abbey.id}:${daysAgo(45)}`, `${train.id}:${daysAgo(31)}`].sort().join('.')}"`);
    // The list the browser kept before the cookie copy (JSON) counts the same.
    const legacy = encodeURIComponent(JSON.stringify([`${abbey.id}:${daysAgo(45)}`, `${train.id}:${daysAgo(31)}`]));
    expect(overdueLine(rootOf((await getWithCookie(client, '/collection', `spindle_overdue_dismissed=${legacy}`)).body).html)).toBeNull();

    // Only one of them dismissed: the line shows both.
    const one = `${abbey.id}:${daysAgo(45)}`;
    expect(overdueLine(rootOf((await getWithCookie(client, '/collection', `spindle_overdue_dismissed=${one}`)).body).html)).toBe(
      '2 records overdue — see them',
    );

    // Another loan becomes overdue: the line is back, with the new count.
    await buildAlbum(t.app, user.id, { collection: 'Jazz', title: 'Giant Steps', artist: 'John Coltrane', isLent: true, lentTo: 'Ana', lentDate: daysAgo(60) });
    expect(overdueLine(rootOf((await getWithCookie(client, '/collection', `spindle_overdue_dismissed=${encodeURIComponent(both)}`)).body).html)).toBe(
      '3 records overdue — see them',
    );
  });

  it('reads a hostile dismissed-overdue cookie as nothing dismissed, and never echoes it', async () => {
    const { client, user } = await signUp(t.app);
    await buildAlbum(t.app, user.id, { collection: 'Shelf', title: 'Horses', artist: 'Patti Smith', isLent: true, lentTo: 'Lou', lentDate: daysAgo(90) });
    for (const hostile of [encodeURIComponent('"><script>alert(1)</script>'), 'x'.repeat(5000), encodeURIComponent('{"a":1}'), '%5B1%2C2%5D']) {
      const res = await getWithCookie(client, '/collection', `spindle_overdue_dismissed=${hostile}`);
      expect(res.statusCode).toBe(200);
      const root = rootOf(res.body);
      expect(overdueLine(root.html)).toBe('1 record overdue — see it');
      expect(root.attributes).not.toContain('data-stored-overdue-dismissal');
      expect(res.body).not.toContain('<script>alert');
    }
  });

  it('draws the albums as they are now: a write since the last drawing shows at once', async () => {
    const { client, user } = await signUp(t.app);
    await addAlbums(t.app, user.id, 'Shelf', ['Blue']);
    expect(cardTitles(rootOf((await client.get('/collection')).body).html)).toEqual(['Blue']);
    await buildAlbum(t.app, user.id, { collection: 'Shelf', title: 'Astral Weeks', artist: 'Van Morrison' });
    expect(cardTitles(rootOf((await client.get('/collection')).body).html)).toEqual(['Astral Weeks', 'Blue']);
    const [album] = (await client.get('/api/albums')).json<{ id: number }[]>();
    expect((await client.delete(`/api/albums/${album!.id}`)).statusCode).toBe(200);
    expect(cardTitles(rootOf((await client.get('/collection')).body).html)).toEqual(['Astral Weeks']);
  });

  it('draws only the first screen of a large collection, with the count of all of it', async () => {
    const { client, user } = await signUp(t.app);
    await addAlbums(
      t.app, user.id,
      'Crates',
      Array.from({ length: 40 }, (_, i) => `Record ${String(i).padStart(2, '0')}`),
    );
    const html = rootOf((await client.get('/collection')).body).html;
    expect(cardTitles(html)).toEqual(Array.from({ length: 32 }, (_, i) => `Record ${String(i).padStart(2, '0')}`));
    expect(html).toContain('40 albums');
    expect(html).toContain('aria-setsize="40"');
  });

  it('is followed by the head of what it drew: the grid\'s first 48 albums in its order, its counts and total, the overdue loans', async () => {
    const { client, user } = await signUp(t.app);
    const titles = Array.from({ length: 60 }, (_, i) => `Record ${String(59 - i).padStart(2, '0')}`);
    await addAlbums(t.app, user.id, 'Crates', titles);
    await addAlbums(t.app, user.id, 'Other', ['Elsewhere']);
    const lent = await buildAlbum(t.app, user.id, { collection: 'Crates', title: 'Record 99', artist: 'Lent', price: 10, isLent: true, lentTo: 'Sam', lentDate: daysAgo(90) });
    const head = headOf((await client.get('/collection?collection=Crates')).body);
    expect(head.view).toMatchObject({ collection: 'Crates', sortBy: 'title', shownCount: 61, inCollectionCount: 61, totalCents: 61 * 1000 });
    expect(head.view!.albums.map((album) => album.title)).toEqual([
      ...Array.from({ length: 48 }, (_, i) => `Record ${String(i).padStart(2, '0')}`),
    ]);
    expect(head.overdueCount).toBe(1);
    expect(head.overdueKeys).toEqual([`${lent.id}:${daysAgo(90)}`]);
    // Filters narrow it as they narrow the grid.
    const narrowed = headOf((await client.get('/collection?collection=Crates&q=Record%205')).body);
    expect(narrowed.view).toMatchObject({ shownCount: 10, inCollectionCount: 61 });
    expect(narrowed.view!.albums.map((album) => album.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Record 5${i}`));
  });

  it('escapes what users typed: titles, names and the stored selection', async () => {
    const { client, user } = await signUp(t.app, { firstName: '<img src=x onerror=alert(1)>' });
    await addAlbums(t.app, user.id, 'Q"uote\'s & <b>', ['</div><script>alert(1)</script>']);
    const res = await getWithCookie(
      client,
      '/collection',
      `spindle_selected_collection=${encodeURIComponent('"><script>alert(2)</script>')}`,
    );
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(rootOf(res.body).attributes).toContain('data-stored-selection="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    // The head's JSON holds no "<" that could end its script, and reads back as typed.
    expect(headOf(res.body).view?.albums.map((album) => album.title)).toEqual(['</div><script>alert(1)</script>']);
  });

  it("never draws another user's albums, whatever collection name the URL or cookie names", async () => {
    const owner = await signUp(t.app);
    await addAlbums(t.app, owner.user.id, 'Private Shelf', ['Secret Sessions']);
    const other = await signUp(t.app);
    const res = await getWithCookie(
      other.client,
      '/collection?collection=Private%20Shelf',
      'spindle_selected_collection=Private%20Shelf',
    );
    expect(res.body).not.toContain('Secret Sessions');
    expect(rootOf(res.body).html).toContain('No collections yet');
  });

  it('draws nothing for a visitor, or for a user whose trial has ended (the app sends them to /subscription)', async () => {
    const visitor = await new Client(t.app).get('/collection');
    expect(rootOf(visitor.body)).toEqual({ attributes: '', html: '' });
    expect(visitor.body).not.toContain('rel="preload"');

    const { client, user } = await signUp(t.app);
    await addAlbums(t.app, user.id, 'Shelf', ['Unknown Pleasures']);
    await usersRepository.update(t.app.ctx.db, user.id, {
      subscription_status: 'trialing',
      trial_end_date: '2020-01-01T00:00:00.000Z',
    });
    const gated = await client.get('/collection');
    expect(gated.statusCode).toBe(200);
    expect(rootOf(gated.body)).toEqual({ attributes: '', html: '' });
    expect(gated.body).not.toContain('Unknown Pleasures');
    expect(gated.body).not.toContain('rel="preload"');
  });

  it('other pages are not drawn', async () => {
    const { client, user } = await signUp(t.app);
    await addAlbums(t.app, user.id, 'Shelf', ['Pink Moon']);
    for (const url of ['/profile', '/album/new', '/analytics']) {
      expect(rootOf((await client.get(url)).body)).toEqual({ attributes: '', html: '' });
    }
  });
});

describe('the collection home without a drawing asks the browser to start its reads early', () => {
  it('without a web build: preloads the user, collections and albums for a signed-in user', async () => {
    const t = await appWith(null);
    const { client } = await signUp(t.app);
    for (const url of ['/', '/collection?collection=Jazz', '/collections']) {
      const res = await client.get(url);
      expect(res.statusCode).toBe(200);
      for (const link of PRELOADS) expect(res.body).toContain(link);
      expect(res.body).toContain(APP_PRELOAD);
      expect(rootOf(res.body).html).toBe('');
    }
    expect((await client.get('/profile')).body).not.toContain('rel="preload"');
  });

  it('a drawing that fails leaves the page to the browser, with the preloads', async () => {
    const t = await appWith({
      renderHome: () => {
        throw new Error('boom');
      },
    });
    const { client } = await signUp(t.app);
    const res = await client.get('/collection');
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toEqual({ attributes: '', html: '' });
    for (const link of PRELOADS) expect(res.body).toContain(link);
  });
});

describe('the drawn home is kept per user until their next write', () => {
  it('draws once for repeated visits, again after any write, per user and per address', async () => {
    let draws = 0;
    const t = await appWith({
      renderHome: (input) => {
        draws++;
        return renderHome(input);
      },
    });
    const { client, user } = await signUp(t.app);
    await addAlbums(t.app, user.id, 'Shelf', ['Blue']);
    const first = (await client.get('/collection')).body;
    const drawn = draws;
    expect((await client.get('/collection')).body).toBe(first);
    expect(draws).toBe(drawn);
    // Another address of the home is another drawing.
    expect(cardTitles(rootOf((await client.get('/collection?collection=Shelf')).body).html)).toEqual(['Blue']);
    expect(draws).toBe(drawn + 1);
    // A write (here a rename of the collection) draws the home anew.
    const [shelf] = (await client.get('/api/collections')).json<{ id: number }[]>();
    expect((await client.put(`/api/collections/${shelf!.id}`, { name: 'Crate' })).statusCode).toBe(200);
    const renamed = (await client.get('/collection')).body;
    expect(renamed).toContain('Crate');
    expect(renamed).not.toContain('Shelf');
    expect(draws).toBe(drawn + 2);
    // Another user never gets this user's drawing.
    const other = await signUp(t.app);
    await addAlbums(t.app, other.user.id, 'Shelf', ['Low']);
    expect(cardTitles(rootOf((await other.client.get('/collection')).body).html)).toEqual(['Low']);
    expect(cardTitles(rootOf((await client.get('/collection')).body).html)).toEqual(['Blue']);
  });
});
