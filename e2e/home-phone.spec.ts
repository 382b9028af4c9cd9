import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { pageErrors, signIn } from './support/helpers';

/*
 * The phone home shows records, not controls: at 768 px and less the filters fold behind a Filters
 * button that counts the active ones, the search stays; a compact list beside the grid, remembered on
 * this device; the sort, the filters and the view are kept across a reload, in the server's drawing too.
 */
const SHOTS = process.env.FRAME_SCREENSHOTS;

async function seed(page: Page) {
  expect((await page.request.post('/api/collections', { data: { name: 'Shelf' } })).status()).toBe(201);
  const albums = [
    { title: 'Zapp II', artist: 'Zapp', genre: 'R&B', releaseYear: 1982 },
    { title: 'Blue Train', artist: 'John Coltrane', genre: 'Jazz', releaseYear: 1957 },
    { title: 'Kind of Blue', artist: 'Miles Davis', genre: 'Jazz', releaseYear: 1959 },
    { title: 'Abbey Road', artist: 'The Beatles', genre: 'Rock', releaseYear: 1969 },
    { title: 'A Love Supreme', artist: 'John Coltrane', genre: 'Jazz', releaseYear: 1965 },
    { title: 'Horses', artist: 'Patti Smith', genre: 'Rock', releaseYear: 1975 },
  ];
  for (const album of albums) expect((await page.request.post('/api/albums', { data: { collection: 'Shelf', ...album } })).status()).toBe(201);
}

const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filters/ });
const rowTitles = (page: Page) => page.getByTestId('album-row').locator('h2');

test.describe('the phone home', () => {
  test('filters fold behind a Filters button with the count of active ones; the search stays; a wide screen shows them all', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await seed(page);
    await page.goto('/collection?collection=Shelf');
    await expect(page.getByTestId('album-card')).toHaveCount(6);
    await expect(page.getByLabel('Search')).toBeVisible();
    await expect(page.getByLabel('Artist')).toBeHidden();
    await expect(page.getByLabel('Sort by')).toBeHidden();
    // The first screen shows records: the first card's cover starts within it.
    const firstCard = await page.getByTestId('album-card').first().boundingBox();
    expect(firstCard!.y).toBeLessThan(844 / 2);

    await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'false');
    await filtersButton(page).click();
    await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('Artist').fill('coltrane');
    await page.getByLabel('Genre').fill('jazz');
    await expect(page.getByTestId('album-summary')).toHaveText(/^2 of 6 albums/);
    await expect(filtersButton(page)).toHaveAccessibleName('Filters 2 on');
    await filtersButton(page).click();
    await expect(page.getByLabel('Artist')).toBeHidden();
    await expect(filtersButton(page)).toContainText('2');

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(filtersButton(page)).toBeHidden();
    await expect(page.getByLabel('Artist')).toHaveValue('coltrane');
    await expect(page.getByLabel('Sort by')).toBeVisible();
  });

  test('a compact list beside the grid; the view, the sort and the filters are kept on reload, drawn so by the server and hydrated without a mismatch', async ({ page, browser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { email } = await signIn(page);
    await seed(page);
    await page.goto('/collection?collection=Shelf');
    await expect(page.getByTestId('album-card')).toHaveCount(6);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('album-row')).toHaveCount(6);
    await expect(page.getByTestId('album-card')).toHaveCount(0);
    // Small cover, title, artist, year.
    const zapp = page.getByTestId('album-row').filter({ hasText: 'Zapp II' });
    await expect(zapp).toContainText('Zapp');
    await expect(zapp).toContainText('1982');
    await expect(zapp.locator('img, [role="img"], svg').first()).toBeVisible();

    await filtersButton(page).click();
    await page.getByLabel('Sort by').click();
    await page.getByRole('option', { name: 'Artist', exact: true }).click();
    await page.getByLabel('Genre').fill('jazz');
    await expect(rowTitles(page)).toHaveText(['Blue Train', 'A Love Supreme', 'Kind of Blue']);

    const errors = pageErrors(page);
    await page.reload();
    await expect(rowTitles(page)).toHaveText(['Blue Train', 'A Love Supreme', 'Kind of Blue']);
    await expect(filtersButton(page)).toHaveAccessibleName('Filters 1 on');
    await filtersButton(page).click();
    await expect(page.getByLabel('Genre')).toHaveValue('jazz');
    await expect(page.getByLabel('Sort by')).toHaveText('Artist');
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    // Hydrated in place (the measured list took over), with no hydration error.
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[role="listitem"]')?.style.position === 'absolute');
    expect(errors).toEqual([]);

    // The server's drawing alone (no app code) already shows the list, filtered and sorted.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() });
    const drawn = await context.newPage();
    await drawn.route('**/assets/*.js', (route) => route.abort());
    await drawn.goto('/collection?collection=Shelf');
    await expect(drawn.locator('#root')).toHaveAttribute('data-server-render', 'home');
    await expect(drawn.getByTestId('album-row').locator('h2')).toHaveText(['Blue Train', 'A Love Supreme', 'Kind of Blue']);
    await context.close();

    // Back to the grid and no filters: kept too.
    await page.getByRole('button', { name: 'Grid view' }).click();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.reload();
    await expect(page.getByTestId('album-card')).toHaveCount(6);
    expect(email).toBeTruthy();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the home with the filters open and in the list view has no serious or critical axe finding in ${theme} mode, at 390 and 1280 px`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
      await signIn(page);
      await seed(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/collection?collection=Shelf');
      await expect(page.getByTestId('album-card')).toHaveCount(6);
      const check = async (name: string, widths = [390, 1280]) => {
        for (const width of widths) {
          await page.setViewportSize({ width, height: 900 });
          expect(await seriousAxeFindings(page), `${name} at ${width} px`).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
          if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${width}.png` });
        }
      };
      await check('home-grid');
      await page.setViewportSize({ width: 390, height: 844 });
      await filtersButton(page).click();
      await page.getByLabel('Artist').fill('john');
      await check('home-filters-open', [390]);
      await page.getByRole('button', { name: 'List view' }).click();
      await check('home-list');
    });
  }
});
