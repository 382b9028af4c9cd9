import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ean13Image, y4mOf } from '../src/server/test/ean13-image.js';
import { FAKE_BARCODES } from '../src/server/test/fake-musicbrainz.js';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers';

/*
 * The record check at a fair (docs/product/record-check.md): scan or type a barcode, or type a title,
 * and get one answer at once; offline it answers from the shelf kept on the device, says how old that
 * copy is, and sends nothing of what was typed anywhere.
 */

const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;
const BLUE_TRAIN = '0602577289118';
const DISCOVERY = '0724384960650';
const KEPT_CACHE = 'spindle-kept-data';

// The worker registers 8 s after the page's load (offline-copy-client.ts).
test.describe.configure({ timeout: 150_000 });

async function seed(page: Page) {
  expect((await page.request.post('/api/collections', { data: { name: 'Living room' } })).status()).toBe(201);
  const album = await page.request.post('/api/albums', {
    data: {
      collection: 'Living room',
      title: 'Blue Train',
      artist: 'John Coltrane',
      barcode: BLUE_TRAIN,
      format: 'LP',
      pressing: '2015 Blue Note 75, 180 g',
      location: 'Shelf B, row 3',
    },
  });
  expect(album.status()).toBe(201);
  const wish = await page.request.post('/api/wishlist', { data: { title: 'Discovery', artist: 'Daft Punk', barcode: DISCOVERY, priority: 1, maxPrice: 30 } });
  expect(wish.status()).toBe(201);
}

const field = (page: Page) => page.getByLabel('Barcode, title or artist');
const answer = (page: Page) => page.getByTestId('check-answer');

async function checkFor(page: Page, text: string) {
  await field(page).fill(text);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

test('from the home: a typed barcode owned, wished or unknown, and a typed title, each get one answer', async ({ page }) => {
  await signIn(page);
  await seed(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Check a record' }).click();
  await expect(page).toHaveURL(/\/check$/);
  await expect(page.getByRole('heading', { name: 'Check a record', level: 1 })).toBeVisible();
  await expect(field(page)).toBeFocused();

  await checkFor(page, '0602-5772 89118');
  await expect(answer(page).getByRole('heading', { name: 'In your collection' })).toBeVisible();
  await expect(answer(page)).toContainText('Blue Train');
  await expect(answer(page)).toContainText('Living room');
  await expect(answer(page)).toContainText('Vinyl LP');
  await expect(answer(page)).toContainText('2015 Blue Note 75, 180 g');
  await expect(answer(page)).toContainText('Shelf B, row 3');
  await expect(page.getByTestId('check-shelf-age')).toHaveCount(0);

  await checkFor(page, DISCOVERY);
  await expect(answer(page).getByRole('heading', { name: 'On your wish list' })).toBeVisible();
  await expect(answer(page)).toContainText('Discovery');
  await expect(answer(page)).toContainText('Must have');
  await expect(answer(page)).toContainText('$30.00');

  // Unknown here, known to MusicBrainz: its pressing fills both Add links.
  await checkFor(page, FAKE_BARCODES.randomAccessMemories);
  await expect(answer(page).getByRole('heading', { name: 'Not in your collection' })).toBeVisible();
  await expect(page.getByTestId('check-musicbrainz')).toContainText('On MusicBrainz: Random Access Memories by Daft Punk');
  const addWish = answer(page).getByRole('link', { name: 'Add to wish list' });
  await expect(addWish).toHaveAttribute('href', /^\/wishlist\/new\?title=Random\+Access\+Memories&artist=Daft\+Punk&barcode=888837168618/);
  await answer(page).getByRole('link', { name: 'Add to collection' }).click();
  await expect(page).toHaveURL(/\/album\/new\?title=Random/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Random Access Memories');
  await expect(page.getByLabel('Artist', { exact: true })).toHaveValue('Daft Punk');
  await expect(page.locator('#pressing-details-fields').getByLabel('Barcode')).toHaveValue(FAKE_BARCODES.randomAccessMemories);

  // A title, in any case, part of a word enough; a wrong barcode is told under the field and not sent.
  await page.goto('/check');
  await checkFor(page, 'coltrane BLUE');
  await expect(answer(page).getByRole('heading', { name: 'In your collection' })).toBeVisible();
  await checkFor(page, '0602577289119');
  await expect(page.getByText('Barcode check digit is wrong: the last digit does not match the others')).toBeVisible();
  await checkFor(page, 'Some Record Nobody Has');
  await expect(answer(page).getByRole('heading', { name: 'Not in your collection' })).toBeVisible();
  await expect(answer(page).getByRole('link', { name: 'Add to collection' })).toHaveAttribute('href', '/album/new?title=Some+Record+Nobody+Has');
});

test('keyboard only: from the home to an answer and on to the album form', async ({ page }) => {
  await signIn(page);
  await seed(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Check a record' })).toBeVisible();
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Check a record');
  }
  expect(reached).toBe(true);
  await page.keyboard.press('Enter');
  await expect(field(page)).toBeFocused();
  await page.keyboard.type('Nothing Like It');
  await page.keyboard.press('Enter');
  await expect(answer(page).getByRole('heading', { name: 'Not in your collection' })).toBeVisible();
  // Past the field's Check and Scan buttons, the answer's first action.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(answer(page).getByRole('link', { name: 'Add to collection' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Nothing Like It');
});

/** Loads the home and waits until the service worker has kept the album list and the wish list. */
async function keepShelf(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Check a record' })).toBeVisible();
  await expect
    .poll(
      () =>
        page.evaluate(async (name) => {
          const cache = await caches.open(name);
          return Boolean((await cache.match('/api/albums')) && (await cache.match('/api/wishlist')));
        }, KEPT_CACHE),
      { timeout: 45_000 },
    )
    .toBe(true);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('offline: the check answers from the shelf, says how old it is, and sends nothing of what was typed', async ({ page, context }) => {
  await signIn(page);
  await seed(page);
  await keepShelf(page);
  // The copy was kept two hours ago (the server was reached since, so it is still shown).
  await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    const meta = (await (await cache.match('/__spindle/kept-meta'))!.json()) as Record<string, string>;
    const keptAt = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString();
    await cache.put('/__spindle/kept-meta', new Response(JSON.stringify({ ...meta, keptAt }), { headers: { 'content-type': 'application/json' } }));
  }, KEPT_CACHE);

  await context.setOffline(true);
  await page.goto('/check');
  await expect(page.getByTestId('check-offline-hint')).toBeVisible();

  const sent: string[] = [];
  const note = (request: { url(): string; postData(): string | null }) => sent.push(`${request.url()} ${request.postData() ?? ''}`);
  page.on('request', note);
  context.on('request', note);

  await checkFor(page, BLUE_TRAIN);
  await expect(answer(page).getByRole('heading', { name: 'In your collection' })).toBeVisible();
  await expect(answer(page)).toContainText('Shelf B, row 3');
  await expect(page.getByTestId('check-shelf-age')).toHaveText('Checked against your shelf from 2 hours ago');
  if (SCREENSHOT_DIR) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `check-offline-${width}-light.png`), fullPage: true });
    }
  }

  await checkFor(page, 'discovery');
  await expect(answer(page).getByRole('heading', { name: 'On your wish list' })).toBeVisible();
  await expect(answer(page)).toContainText('$30.00');

  await checkFor(page, FAKE_BARCODES.unknown);
  await expect(answer(page).getByRole('heading', { name: 'Not in your collection' })).toBeVisible();
  await expect(page.getByTestId('check-musicbrainz')).toHaveCount(0);
  await expect(answer(page).getByRole('link', { name: 'Add to wish list' })).toHaveAttribute('href', `/wishlist/new?barcode=${FAKE_BARCODES.unknown}`);

  for (const request of sent) {
    expect(request).not.toContain('/api/check');
    expect(request).not.toContain('/api/releases');
    for (const secret of [BLUE_TRAIN, 'discovery', FAKE_BARCODES.unknown]) expect(request.toLowerCase()).not.toContain(secret);
  }
  await context.setOffline(false);
});

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: the check page and its answers, axe finds nothing serious at 390 and 1280 px`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
    await signIn(page);
    await seed(page);
    // Owned and also wished: the richest answer.
    expect((await page.request.post('/api/wishlist', { data: { title: 'Blue Train', artist: 'John Coltrane', allowOwned: true, priority: 2, barcode: BLUE_TRAIN } })).status()).toBe(201);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/');
      await expect(page.getByRole('link', { name: 'Check a record' })).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);
      if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `home-${width}-${theme}.png`) });
      await page.goto('/check');
      for (const [name, text, heading] of [
        ['owned', BLUE_TRAIN, 'In your collection'],
        ['wished', DISCOVERY, 'On your wish list'],
        ['unknown', 'Nothing Like It', 'Not in your collection'],
      ] as const) {
        await checkFor(page, text);
        await expect(answer(page).getByRole('heading', { name: heading })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(await seriousAxeFindings(page)).toEqual([]);
        if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `check-${name}-${width}-${theme}.png`), fullPage: true });
      }
      // Add to collection's prefilled album form.
      await answer(page).getByRole('link', { name: 'Add to collection' }).click();
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Nothing Like It');
      expect(await seriousAxeFindings(page)).toEqual([]);
      if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `album-prefilled-${width}-${theme}.png`) });
    }
  });
}

// Chromium's fake camera shows a drawn UPC-A barcode: the real decoder reads it from the video (the
// browser's launch options are the file's: the other journeys never open the camera).
const FAKE_CAMERA = path.join(tmpdir(), `spindle-e2e-fair-check-${process.pid}.y4m`);
writeFileSync(FAKE_CAMERA, y4mOf(ean13Image(FAKE_BARCODES.randomAccessMemories, { moduleWidth: 4, width: 640, height: 480 })));
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${FAKE_CAMERA}`,
    ],
  },
});

test('scan: the sleeve’s barcode is read and answered at once', async ({ page }) => {
  await signIn(page);
  expect((await page.request.post('/api/collections', { data: { name: 'Loft' } })).status()).toBe(201);
  const album = await page.request.post('/api/albums', {
    data: { collection: 'Loft', title: 'Random Access Memories', artist: 'Daft Punk', barcode: `0${FAKE_BARCODES.randomAccessMemories}`, format: '2LP' },
  });
  expect(album.status()).toBe(201);
  await page.goto('/check');
  await page.getByRole('button', { name: 'Scan' }).click();
  await expect(answer(page).getByRole('heading', { name: 'In your collection' })).toBeVisible({ timeout: 20_000 });
  await expect(answer(page)).toContainText('Loft');
  await expect(answer(page)).toContainText('Double LP');
  await expect(page.getByRole('dialog', { name: 'Scan the barcode' })).toBeHidden();
  await expect(field(page)).toHaveValue(/^0?888837168618$/);
});
