import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers';

/*
 * docs/product/collections.md#filters: the search finds a catalogue number and a barcode; format and
 * rating filters and the new sorts; all of it in the address, kept across a reload, folded behind
 * Filters on a phone.
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

test('title order ignores punctuation and "The", numbers in natural order; the sort and filters from the address survive a reload', async ({ page }) => {
  await seed(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/collection?collection=Shelf');
  await expect.poll(() => titles(page)).toEqual(['Abbey Road', '...And Justice for All', 'Vol. 2', 'Vol. 10']);
  await page.goto('/collection?collection=Shelf&sort=rating&rating=2');
  await expect.poll(() => titles(page)).toEqual(['Abbey Road', '...And Justice for All', 'Vol. 10']);
  await expect(page.getByLabel('Sort by')).toHaveText('Rating');
  await expect(page.getByLabel('Rating', { exact: true })).toHaveText('2+ stars');
  await page.reload();
  await expect.poll(() => titles(page)).toEqual(['Abbey Road', '...And Justice for All', 'Vol. 10']);
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
