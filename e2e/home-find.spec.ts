import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers';

/*
 * docs/product/collections.md#filters: the search finds a catalogue number and a barcode; format and
 * rating filters and the new sorts; all of it in the address, kept across a reload, folded behind
 * Filters on a phone. docs/product/collections.md#all-albums: every collection at once.
 */
const SHOTS = process.env.FRAME_SCREENSHOTS;

async function seed(page: Page) {
  await signIn(page);
  expect((await page.request.post('/api/collections', { data: { name: 'Shelf' } })).status()).toBe(201);
  const albums = [
    { title: '...And Justice for All', artist: 'Metallica', format: '2LP', rating: 4, releaseYear: 1988, catalogNumber: 'VERH 61' },
    { title: 'Abbey Road', artist: 'The Beatles', format: 'LP', rating: 5, releaseYear: 1969, barcode: '0 77774 64462 4' },
    { title: 'Vol. 10', artist: 'Anthology', format: 'CD', rating: 2, releaseYear: 2001 },
    { title: 'Vol. 2', artist: 'Anthology', format: 'CD', releaseYear: 1995 },
  ];
  for (const album of albums) expect((await page.request.post('/api/albums', { data: { collection: 'Shelf', ...album } })).status()).toBe(201);
}

const titles = (page: Page) => page.getByTestId('album-card').locator('h2').allTextContents();

/**
 * The server draws the home before any script runs, so the titles are right at once; the device keeps
 * the view only once the app has taken the drawing over (the measured grid places its items).
 */
const appTookOver = (page: Page) =>
  page.waitForFunction(() => document.querySelector<HTMLElement>('[role="listitem"]')?.style.position === 'absolute');

test('the search finds a catalogue number and a barcode, spaces and dashes ignored', async ({ page }) => {
  await seed(page);
  await page.goto('/collection?collection=Shelf');
  await expect(page.getByTestId('album-card')).toHaveCount(4);
  const search = page.getByLabel('Search');
  await search.fill('verh-61');
  await expect.poll(() => titles(page)).toEqual(['...And Justice for All']);
  await search.fill('077774644624');
  await expect.poll(() => titles(page)).toEqual(['Abbey Road']);
  await expect(page).toHaveURL(/[?&]q=077774644624/);
});

test('a search holding &, + or a percent sign comes back from its link as typed, in the server drawing and after the app takes over', async ({
  page,
}) => {
  await signIn(page);
  expect((await page.request.post('/api/collections', { data: { name: 'Shelf' } })).status()).toBe(201);
  for (const album of [
    { title: 'Rock & Roll', artist: 'Led Zeppelin' },
    { title: 'Rock', artist: 'Roll' },
    { title: 'C+C', artist: 'Music Factory' },
    { title: 'Sale 50%25', artist: 'Percent' },
  ])
    expect((await page.request.post('/api/albums', { data: { collection: 'Shelf', ...album } })).status()).toBe(201);
  await page.goto('/collection?collection=Shelf');
  await appTookOver(page);
  const search = page.getByLabel('Search');
  await search.fill('rock & roll');
  await expect.poll(() => titles(page)).toEqual(['Rock & Roll']);
  await expect(page).toHaveURL(/[?&]q=rock\+%26\+roll(&|$)/);
  const link = page.url();
  await page.goto('/collection?collection=Shelf&q=c%2Bc');
  await expect.poll(() => titles(page)).toEqual(['C+C']);
  await page.goto(link);
  await expect.poll(() => titles(page)).toEqual(['Rock & Roll']);
  await appTookOver(page);
  await expect(search).toHaveValue('rock & roll');
  // "%25" typed is "%2525" in the address: read once, not decoded a second time into "%".
  await search.fill('50%25');
  await expect(page).toHaveURL(/[?&]q=50%2525(&|$)/);
  await page.reload();
  await expect(search).toHaveValue('50%25');
  await appTookOver(page);
  await expect(search).toHaveValue('50%25');
  await expect.poll(() => titles(page)).toEqual(['Sale 50%25']);
});

test('title order ignores punctuation and "The", numbers in natural order; the sort and filters from the address survive a reload', async ({ page }) => {
  await seed(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/collection?collection=Shelf');
  await expect.poll(() => titles(page)).toEqual(['Abbey Road', '...And Justice for All', 'Vol. 2', 'Vol. 10']);
  await page.goto('/collection?collection=Shelf&sort=rating&rating=2');
  await expect.poll(() => titles(page)).toEqual(['Abbey Road', '...And Justice for All', 'Vol. 10']);
  await expect(page.getByLabel('Sort by')).toHaveText('Rating');
  await expect(page.getByLabel('Rating', { exact: true })).toHaveText('2+ stars');
  await appTookOver(page);
  await page.reload();
  await expect.poll(() => titles(page)).toEqual(['Abbey Road', '...And Justice for All', 'Vol. 10']);
  await appTookOver(page);
  // Kept on the device: the bare address opens with the same view.
  await page.goto('/collection?collection=Shelf');
  await expect.poll(() => titles(page)).toEqual(['Abbey Road', '...And Justice for All', 'Vol. 10']);
  await expect(page).toHaveURL(/sort=rating/);
});

test('the format filter and the release-year sort, chosen with the keyboard, join the address', async ({ page }) => {
  await seed(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/collection?collection=Shelf');
  await page.getByLabel('Format').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'CD' }).click();
  await expect.poll(() => titles(page)).toEqual(['Vol. 2', 'Vol. 10']);
  await page.getByLabel('Sort by').click();
  await page.getByRole('option', { name: 'Release year' }).click();
  await expect(page).toHaveURL(/format=CD/);
  await expect(page).toHaveURL(/sort=releaseYear/);
  await expect.poll(() => titles(page)).toEqual(['Vol. 2', 'Vol. 10']);
});

test('every sort orders the shelf as the rules say, and Back after opening an album keeps it in the address', async ({ page }) => {
  await seed(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/collection?collection=Shelf');
  const sorts: [string, string[]][] = [
    // Anthology's two records in release-year order; "The Beatles" under B; Metallica under M.
    ['Artist', ['Vol. 2', 'Vol. 10', 'Abbey Road', '...And Justice for All']],
    ['Release year', ['Abbey Road', '...And Justice for All', 'Vol. 2', 'Vol. 10']],
    ['Rating', ['Abbey Road', '...And Justice for All', 'Vol. 10', 'Vol. 2']],
    ['Date added', ['Vol. 2', 'Vol. 10', 'Abbey Road', '...And Justice for All']],
    ['Title', ['Abbey Road', '...And Justice for All', 'Vol. 2', 'Vol. 10']],
  ];
  for (const [sort, expected] of sorts) {
    await page.getByLabel('Sort by').click();
    await page.getByRole('option', { name: sort, exact: true }).click();
    await expect.poll(() => titles(page)).toEqual(expected);
  }
  await page.getByLabel('Sort by').click();
  await page.getByRole('option', { name: 'Rating', exact: true }).click();
  await page.getByLabel('Rating', { exact: true }).click();
  await page.getByRole('option', { name: '4+ stars' }).click();
  await expect.poll(() => titles(page)).toEqual(['Abbey Road', '...And Justice for All']);
  await expect(page).toHaveURL(/\?collection=Shelf&sort=rating&rating=4$/);
  await page.getByTestId('album-card').filter({ hasText: 'Abbey Road' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Album' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\?collection=Shelf&sort=rating&rating=4$/);
  await expect.poll(() => titles(page)).toEqual(['Abbey Road', '...And Justice for All']);
});

test('All albums shows every collection at once, each card naming its own; it is kept in the address and on the device', async ({ page }) => {
  await seed(page);
  expect((await page.request.post('/api/collections', { data: { name: 'Crate' } })).status()).toBe(201);
  expect((await page.request.post('/api/albums', { data: { collection: 'Crate', title: 'Horses', artist: 'Patti Smith', catalogNumber: 'AL 4066' } })).status()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/collection?collection=Shelf');
  const allAlbums = page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: /^All albums/ });
  await expect(allAlbums).toContainText('5');
  await allAlbums.click();
  await expect(page).toHaveURL(/\/collection\?collection=$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All albums' })).toBeVisible();
  await expect(page.getByTestId('album-card')).toHaveCount(5);
  await expect(page.getByTestId('album-card').filter({ hasText: 'Horses' }).getByTestId('album-details')).toHaveText('In Crate');
  await expect(page.getByTestId('album-card').filter({ hasText: 'Abbey Road' }).getByTestId('album-details')).toContainText('In Shelf');
  // "Do I own this?" is one search, across collections, by catalogue number too.
  await page.getByLabel('Search').fill('al-4066');
  await expect.poll(() => titles(page)).toEqual(['Horses']);
  await expect(page).toHaveURL(/\/collection\?collection=&q=al-4066$/);
  // Not a collection: no rename or delete, no Share Collection.
  await expect(page.getByRole('button', { name: 'Collection actions' })).toHaveCount(0);
  await page.getByRole('button', { name: /Open menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Export to CSV' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Share Collection' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // Kept on the device: the bare home opens on All albums.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'All albums' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('selectedCollection'))).toBe('');
  // Add Album asks which collection.
  await page.getByRole('link', { name: 'Add Album' }).click();
  await expect(page).toHaveURL(/\/album\/new$/);
  await expect(page.getByLabel('Collection', { exact: true })).toHaveText('Choose a collection');
});

test('the compact list shows the format and the catalogue number', async ({ page }) => {
  await seed(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/collection?collection=Shelf');
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByTestId('album-row').filter({ hasText: 'Justice' }).getByTestId('album-pressing')).toHaveText('Double LP · VERH 61');
});

test('offline, All albums, the catalogue number search and the sort from the address work on the kept copy', async ({ page, context }) => {
  // The worker registers 8 s after the page's load and keeps the reads once active (docs/product/offline.md#shelf).
  test.setTimeout(150_000);
  await seed(page);
  await page.goto('/collection?collection=');
  await expect(page.getByTestId('album-card')).toHaveCount(4);
  await expect
    .poll(() => page.evaluate(async () => (await caches.has('spindle-kept-data')) && !!(await (await caches.open('spindle-kept-data')).match('/api/albums'))), { timeout: 45_000 })
    .toBe(true);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/collection?collection=&sort=releaseYear&format=CD');
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'All albums' })).toBeVisible();
  await expect.poll(() => titles(page)).toEqual(['Vol. 2', 'Vol. 10']);
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('Search').fill('VERH61');
  await expect.poll(() => titles(page)).toEqual(['...And Justice for All']);
  await expect(page).toHaveURL(/[?&]q=VERH61/);
  await context.setOffline(false);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the new filters fold behind Filters on a phone, with no serious axe finding in ${theme} mode at 390 and 1280 px`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
    await seed(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/collection?collection=Shelf&format=CD&rating=1');
    await expect(page.getByLabel('Format')).toBeHidden();
    await expect(page.getByTestId('filters-toggle')).toContainText('2');
    await page.getByTestId('filters-toggle').click();
    await expect(page.getByLabel('Format')).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await seriousAxeFindings(page), `at ${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-find-${theme}-${width}.png` });
    }
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`All albums in the grid and the compact list has no serious axe finding in ${theme} mode at 390 and 1280 px`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
    await seed(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/collection?collection=');
    await expect(page.getByRole('heading', { level: 1, name: 'All albums' })).toBeVisible();
    for (const layout of ['grid', 'list'] as const) {
      if (layout === 'list') await page.getByRole('button', { name: 'List view' }).click();
      await expect(page.getByTestId(layout === 'list' ? 'album-row' : 'album-card')).toHaveCount(4);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        expect(await seriousAxeFindings(page), `${layout} at ${width} px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-all-albums-${layout}-${theme}-${width}.png` });
      }
    }
    // On a phone the list is a drawer: All albums first, marked as the page shown.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open collections' }).click();
    const drawer = page.getByRole('dialog', { name: 'Collections' });
    await expect(drawer.getByRole('link').first()).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('link').first()).toContainText('All albums');
    expect(await seriousAxeFindings(page), 'the drawer at 390 px').toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-all-albums-drawer-${theme}-390.png` });
  });
}
