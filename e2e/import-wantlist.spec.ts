import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers';

const SHOTS = process.env.SCREENSHOT_DIR;
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

/**
 * A Discogs wantlist export: two records to wish for, one already on the wish list, one the collector
 * owns already (added, with a remark).
 */
const WANTLIST = [
  'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,Notes',
  'SHVL 804,Pink Floyd,The Dark Side Of The Moon,Harvest,"LP, Album, RE, 180",4,1973-03-01,1873013,First UK press only',
  'none,Nirvana (2),Bleach,Sub Pop (3),LP,0,1989,456,',
  'BLP 1577,John Coltrane,Blue Train,Blue Note,LP,,1957,,',
  'CS 8163,Miles Davis,Kind Of Blue,Columbia,"LP, Album, Stereo",,1959,1234,Six-eye stereo',
].join('\r\n');

async function seed(page: Page) {
  expect((await page.request.post('/api/collections', { data: { name: 'Jazz Shelf' } })).status()).toBe(201);
  expect((await page.request.post('/api/albums', { data: { collection: 'Jazz Shelf', title: 'Kind of Blue', artist: 'Miles Davis' } })).status()).toBe(201);
  expect((await page.request.post('/api/wishlist', { data: { title: 'Blue Train', artist: 'John Coltrane' } })).status()).toBe(201);
}

async function chooseFile(page: Page, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  const button = page.getByRole('button', { name: /Choose (another )?file/ });
  await button.focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test.describe('import a Discogs wantlist export', () => {
  test('the report says it is a wantlist going to the wish list and lists every row; the import adds the wishes', async ({ page }) => {
    await signIn(page);
    await seed(page);
    await page.goto('/import');
    await chooseFile(page, 'wantlist.csv', WANTLIST);

    const report = page.getByTestId('import-report');
    await expect(report).toContainText('a Discogs wantlist export with 4 rows');
    await expect(page.getByTestId('import-wantlist-note')).toHaveText('This file is a wantlist: its records go to your wish list, not into a collection.');
    await expect(report).toContainText('Will be added3');
    await expect(report).toContainText('Skipped as duplicates1');
    const toAdd = report.getByRole('list', { name: /Will be added/ });
    await expect(toAdd.getByRole('listitem')).toHaveText([
      'Row 2The Dark Side Of The Moon by Pink Floyd → Wish List',
      'Row 3Bleach by Nirvana → Wish List',
      'Row 5Kind Of Blue by Miles Davis → Wish List',
    ]);
    await expect(report.getByRole('list', { name: /Skipped as duplicates/ })).toContainText('Blue Train by John Coltrane → Wish List — Already on your wish list');
    await expect(report.getByRole('list', { name: /Added, worth a look/ })).toContainText('You own this album: it is in "Jazz Shelf"');
    // Wishes are not looked up afterwards: no such box for a wantlist.
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByText('All or nothing: if anything fails, no wish is saved.')).toBeVisible();
    // The dry run saved nothing.
    expect(await (await page.request.get('/api/wishlist')).json()).toHaveLength(1);

    await page.getByRole('button', { name: 'Add 3 wishes to your wish list' }).click();
    await expect(toasts(page).first()).toContainText('Import successful');
    await expect(toasts(page).first()).toContainText('3 wishes added to your wish list, 1 duplicates skipped.');
    await expect(page.getByTestId('import-wished')).toContainText('3 wishes added to your wish list.');
    await expect(page.getByRole('link', { name: 'Open your wish list' })).toHaveAttribute('href', '/wishlist');
    const wishes = (await (await page.request.get('/api/wishlist')).json()) as { title: string; pressing: string | null }[];
    expect(wishes.map((wish) => wish.title).sort()).toEqual(['Bleach', 'Blue Train', 'Kind Of Blue', 'The Dark Side Of The Moon']);
    // Nothing went into the collection.
    expect(((await (await page.request.get('/api/albums')).json()) as unknown[]).length).toBe(1);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the wantlist report has no serious or critical axe finding in ${theme} mode, at 1280 and 390 px`, async ({ page }) => {
      await signIn(page);
      await seed(page);
      await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/import');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await chooseFile(page, 'wantlist.csv', WANTLIST);
      await expect(page.getByTestId('import-wantlist-note')).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot(page, `import-wantlist-${theme}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('button', { name: 'Add 3 wishes to your wish list' }).click();
      await expect(page.getByTestId('import-wished')).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);
      await shoot(page, `import-wantlist-done-${theme}`);
    });
  }
});
