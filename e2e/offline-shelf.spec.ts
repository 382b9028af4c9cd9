import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { registerViaApi, signIn } from './support/helpers';

/*
 * The offline shelf (docs/product/offline.md#shelf): the service worker keeps the signed-in user's
 * albums, so the home, its search and its filters work in a record shop without signal; writes say
 * they need the network and keep what was typed; the kept copy is one user's and goes at logout.
 */

const KEPT_CACHE = 'spindle-kept-data';
const SHOTS = process.env.SCREENSHOT_DIR;

// The worker registers 8 s after the page's load (offline-copy-client.ts), and some journeys wait for it twice.
test.describe.configure({ timeout: 150_000 });

/** The titles in the device's kept album list (none when nothing is kept). */
function keptTitles(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const kept = await (await caches.open(name)).match('/api/albums');
    return kept ? ((await kept.json()) as { title: string }[]).map((album) => album.title).sort() : [];
  }, KEPT_CACHE);
}

async function seedShelf(page: Page, collection: string, albums: { title: string; artist: string; genre?: string; notes?: string; tracklist?: object[] }[]) {
  expect((await page.request.post('/api/collections', { data: { name: collection } })).status()).toBe(201);
  for (const album of albums) expect((await page.request.post('/api/albums', { data: { collection, ...album } })).status()).toBe(201);
}

/** The album cards (links to /album/{id}; not the Add Album link to /album/new). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

const cards = (page: Page) => page.locator('main a[href^="/album/"]:not([href^="/album/new"])');

/** Loads the home and waits until the service worker has kept `titles`. */
async function loadHomeAndKeep(page: Page, titles: string[]) {
  await page.goto('/');
  await expect(cards(page)).toHaveCount(titles.length);
  await expect.poll(() => keptTitles(page), { timeout: 45_000 }).toEqual([...titles].sort());
  // The worker keeps as soon as it is active; it takes the page over (clients.claim) a moment later.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const KIND_OF_BLUE_DETAILS = { notes: 'Six-eye label; plays quiet.', tracklist: [{ position: 'A1', title: 'So What', duration: '9:22' }] };

const SHELF = [
  { title: 'Kind of Blue', artist: 'Miles Davis', genre: 'Jazz', ...KIND_OF_BLUE_DETAILS },
  { title: 'Blue Train', artist: 'John Coltrane', genre: 'Jazz' },
  { title: 'Horses', artist: 'Patti Smith', genre: 'Rock' },
];

test('offline, the home shows the kept albums with a notice; search and filters work; an edit needs the network and keeps the typed input', async ({ page, context }) => {
  await signIn(page);
  await seedShelf(page, 'Crate', SHELF);
  await loadHomeAndKeep(page, SHELF.map((album) => album.title));

  await context.setOffline(true);
  await page.reload();
  const notice = page.getByRole('status').filter({ hasText: 'You are offline.' });
  await expect(notice).toContainText('Showing your albums as kept on this device on');
  await expect(cards(page)).toHaveCount(3);

  const search = page.getByLabel('Search', { exact: true });
  await search.fill('blue train');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Blue Train');
  await search.fill('MILES');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Kind of Blue');
  await search.fill('');
  await page.getByLabel('Genre', { exact: true }).fill('rock');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Horses');
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('Artist', { exact: true }).fill('coltrane');
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear' }).click();

  // The album opens from the kept list, which has no notes or tracklist, and says so; saving an edit
  // says it needs the network and loses nothing.
  await cards(page).filter({ hasText: 'Kind of Blue' }).click();
  const title = page.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue('Kind of Blue');
  for (const colorScheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate((theme) => localStorage.setItem('spindle-theme', theme), colorScheme);
    await page.reload();
    await expect(page.getByTestId('notes-offline-notice')).toHaveText(/without its notes and\s+tracklist: they are not kept offline/);
    await page.getByRole('button', { name: 'Pressing & details' }).click();
    await expect(page.getByText('Notes and the tracklist are not kept on this device. Saving now leaves them as they are.')).toBeVisible();
    await expect(page.getByLabel('Notes', { exact: true })).toHaveCount(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousAxeFindings(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/album-offline-${colorScheme}-${width}.png`, fullPage: true });
    }
  }
  await title.fill('Kind of Blue (mono)');
  await page.getByRole('button', { name: 'Save Album' }).click();
  await expect(toasts(page).getByText('You are offline: saving changes needs the network. Nothing you typed was lost')).toBeVisible();
  await expect(title).toHaveValue('Kind of Blue (mono)');
  await expect(page).toHaveURL(/\/album\/\d+$/);

  // Back online the same Save goes through, and the home shows fresh data without the notice.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Save Album' }).click();
  await expect(toasts(page).getByText('Album updated')).toBeVisible();
  await expect(page).not.toHaveURL(/\/album\//);
  await expect(cards(page).filter({ hasText: 'Kind of Blue (mono)' })).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toHaveCount(0);
  // The form started from the kept copy left the notes and tracklist out of its save: they are as stored.
  const [saved] = ((await (await page.request.get('/api/albums')).json()) as { id: number; title: string }[]).filter((album) => album.title === 'Kind of Blue (mono)');
  expect(await (await page.request.get(`/api/albums/${saved!.id}`)).json()).toMatchObject(KIND_OF_BLUE_DETAILS);
  await expect.poll(() => keptTitles(page), { timeout: 45_000 }).toContain('Kind of Blue (mono)');
});

test('back online after an offline reload, the notice goes and the data is fresh', async ({ page, context }) => {
  await signIn(page);
  await seedShelf(page, 'Crate', SHELF.slice(0, 1));
  await loadHomeAndKeep(page, ['Kind of Blue']);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  // Added elsewhere while this phone had no signal.
  expect((await page.request.post('/api/albums', { data: { collection: 'Crate', title: 'Giant Steps', artist: 'John Coltrane' } })).status()).toBe(201);
  await expect(cards(page)).toHaveCount(1);
  await context.setOffline(false);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toHaveCount(0);
});

test('logout clears the kept albums: another user on the same browser sees none of them, online or offline', async ({ page, context }) => {
  await signIn(page);
  await seedShelf(page, 'Crate', SHELF);
  await loadHomeAndKeep(page, SHELF.map((album) => album.title));

  await page.getByRole('button', { name: /^Open menu for / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect.poll(() => keptTitles(page)).toEqual([]);

  const other = await registerViaApi(page.request);
  await signIn(page, other.email);
  await seedShelf(page, 'Mine', [{ title: 'Blue', artist: 'Joni Mitchell' }]);
  await loadHomeAndKeep(page, ['Blue']);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  for (const album of SHELF) await expect(page.getByText(album.title, { exact: true })).toHaveCount(0);
});

test('logout without a network clears the kept albums at once and ends the session once back online', async ({ page, context }) => {
  await signIn(page);
  await seedShelf(page, 'Crate', SHELF.slice(0, 2));
  await loadHomeAndKeep(page, ['Blue Train', 'Kind of Blue']);

  await context.setOffline(true);
  await page.reload();
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole('button', { name: /^Open menu for / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect.poll(() => keptTitles(page)).toEqual([]);
  await expect(page).toHaveURL(/\/$/);
  await expect(cards(page)).toHaveCount(0);

  // Offline again after the logout: nothing of the account is shown.
  await page.reload();
  await expect(page.getByText('Kind of Blue')).toHaveCount(0);

  await context.setOffline(false);
  await page.goto('/');
  await expect.poll(async () => (await page.request.get('/api/user')).status(), { timeout: 15_000 }).toBe(401);
  expect(await keptTitles(page)).toEqual([]);
});

test('with the cookies cleared, the next person offline sees nothing of the kept albums', async ({ page, context }) => {
  await signIn(page);
  await seedShelf(page, 'Crate', SHELF);
  await loadHomeAndKeep(page, SHELF.map((album) => album.title));

  await context.clearCookies();
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('body')).not.toBeEmpty();
  for (const album of SHELF) await expect(page.getByText(album.title, { exact: true })).toHaveCount(0);
  // The copy itself is gone, not only hidden.
  await expect.poll(() => keptTitles(page)).toEqual([]);
});

test('a session ended elsewhere (password changed on another device): the first answer drops the copy, and offline afterwards nothing shows', async ({
  page,
  context,
  browser,
}) => {
  const { email, password } = await signIn(page);
  await seedShelf(page, 'Crate', SHELF);
  await loadHomeAndKeep(page, SHELF.map((album) => album.title));

  // Another device changes the password, which signs this browser out.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await other.request.post('/api/login', { data: { username: email, password } })).status()).toBe(200);
  const changed = await other.request.put('/api/user/password', { data: { currentPassword: password, newPassword: 'changed-elsewhere-1', confirmPassword: 'changed-elsewhere-1' } });
  expect(changed.status()).toBe(200);
  await other.close();

  // Online for a moment: the landing page answers, and the session's marker goes with the dead session.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('spindle_shelf');

  await context.setOffline(true);
  await page.goto('/');
  for (const album of SHELF) await expect(page.getByText(album.title, { exact: true })).toHaveCount(0);
  await expect.poll(() => keptTitles(page)).toEqual([]);
});

test('a kept copy without contact with the server for more than 30 days is not shown offline', async ({ page, context }) => {
  await signIn(page);
  await seedShelf(page, 'Crate', SHELF.slice(0, 1));
  await loadHomeAndKeep(page, ['Kind of Blue']);
  // The copy as it would be after 31 days in a drawer: the last answer from the server long ago.
  await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    const meta = (await (await cache.match('/__spindle/kept-meta'))!.json()) as { contactAt: string };
    meta.contactAt = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await cache.put('/__spindle/kept-meta', new Response(JSON.stringify(meta), { headers: { 'content-type': 'application/json' } }));
  }, KEPT_CACHE);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('body')).not.toBeEmpty();
  await expect(page.getByText('Kind of Blue', { exact: true })).toHaveCount(0);
  await expect.poll(() => keptTitles(page)).toEqual([]);
});

test('installable: Chrome reports no installability errors and the manifest parses with its icons', async ({ baseURL }, testInfo) => {
  // Chrome never offers to install from an incognito profile, which a Playwright context is: this
  // check needs a browser with a profile of its own, as Lighthouse's installability audit had.
  const profile = mkdtempSync(path.join(tmpdir(), 'spindle-install-'));
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
  try {
    await checkInstallable(context.pages()[0] ?? (await context.newPage()));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the landing page lists the offline shelf among the features', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Built the way collectors actually collect' }).getByText('Check your shelf offline, in the shop')).toBeVisible();
});

async function checkInstallable(page: Page) {
  await page.goto('/login');
  const cdp = await page.context().newCDPSession(page);
  await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 }).toEqual([]);
  const { url, errors, parsed } = await cdp.send('Page.getAppManifest');
  expect(url).toMatch(/\/manifest\.webmanifest$/);
  expect(errors).toEqual([]);
  expect(parsed?.scope).toBe(new URL('/', page.url()).href);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    display: string;
    start_url: string;
    scope: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', scope: '/' });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const answer = await page.request.get(icon.src);
    expect(answer.headers()['content-type']).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    const png = await answer.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
  }
}
