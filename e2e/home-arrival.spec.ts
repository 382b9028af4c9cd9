import { expect, test, type Page } from '@playwright/test';
import { forgetAlbumCreations, signIn } from './support/helpers';

/*
 * Where the home opens after an action: after Save, on the album saved (scrolled to and marked for a
 * moment); after Delete or Import, at the top. Only Back returns to the kept scroll (home-return.spec.ts).
 */
const ALBUMS = 60;

async function seed(page: Page) {
  expect((await page.request.post('/api/collections', { data: { name: 'Crates' } })).status()).toBe(201);
  for (let start = 0; start < ALBUMS; start += 20) {
    const statuses = await Promise.all(
      Array.from({ length: Math.min(20, ALBUMS - start) }, async (_, i) => {
        const n = start + i;
        return (await page.request.post('/api/albums', { data: { collection: 'Crates', title: `Record ${String(n).padStart(3, '0')}`, artist: 'The Band' } })).status();
      }),
    );
    expect(statuses.every((status) => status === 201)).toBe(true);
  }
  forgetAlbumCreations();
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const card = (page: Page, title: string) => page.getByTestId('album-card').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

async function settle(page: Page) {
  await expect(page.getByTestId('full-screen-spinner')).toBeHidden();
}

async function scrollHomeDown(page: Page) {
  // The grid as tall as all its rows: measured, and drawn from the whole album list (a search typed as
  // the page opens waits for it; docs/decisions.md, "The first visit").
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[role="listitem"]')?.style.position === 'absolute');
  await page.evaluate(() => window.scrollTo(0, 1600));
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
}

test.describe('where the home opens after Save, Delete and Import', () => {
  test.beforeEach(async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await seed(page);
  });

  test('after adding an album the home shows it, scrolled to and marked; after editing one, the same', async ({ page }) => {
    await page.goto('/collection?collection=Crates');
    await expect(page.getByTestId('album-summary')).toHaveText(new RegExp(`^${ALBUMS} albums`));
    await scrollHomeDown(page);
    await page.goto('/album/new?collection=Crates');
    await settle(page);
    await page.getByLabel('Title').fill('Zapp II');
    await page.getByLabel('Artist').fill('Zapp');
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Crates$/);
    // "Zapp II" sorts last by title: far down the grid, yet in view and marked.
    const zapp = card(page, 'Zapp II');
    await expect(zapp).toBeInViewport({ ratio: 1 });
    await expect(page.locator('[data-just-saved]')).toContainText('Zapp II');
    await expect(page.locator('[data-just-saved]')).toHaveCount(0, { timeout: 6000 });

    // Edit an album near the top from far down: back on the home, it is in view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.goto('/collection?collection=Crates');
    await card(page, 'Record 001').click();
    await settle(page);
    await page.getByLabel('Artist').fill('The Other Band');
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Crates$/);
    await expect(card(page, 'Record 001')).toBeInViewport({ ratio: 1 });
    await expect(card(page, 'Record 001')).toContainText('The Other Band');
  });

  test('after adding an album that the filters hide, they are cleared so the album is in view', async ({ page }) => {
    await page.goto('/collection?collection=Crates');
    await page.getByLabel('Search').fill('Record 00');
    await expect(page.getByTestId('album-summary')).toHaveText(new RegExp(`^10 of ${ALBUMS} albums`));
    await page.getByRole('link', { name: 'Add Album' }).click();
    await settle(page);
    await page.getByLabel('Title').fill('Zapp II');
    await page.getByLabel('Artist').fill('Zapp');
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(card(page, 'Zapp II')).toBeInViewport({ ratio: 1 });
    await expect(page.getByLabel('Search')).toHaveValue('');
  });

  test('after deleting an album, and after an import, the home starts at the top with the header in view', async ({ page }) => {
    await page.goto('/collection?collection=Crates');
    await page.getByLabel('Search').fill('Record');
    // The search is part of the view the address and the device keep (docs/product/collections.md#filters).
    await expect(page).toHaveURL(/\/collection\?collection=Crates&q=Record$/);
    await scrollHomeDown(page);
    // A card on screen down there, opened as a tap would (Playwright's click scrolls the page first).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const onScreen = [...document.querySelectorAll<HTMLAnchorElement>('[data-testid="album-card"]')].find((card) => {
            const box = card.getBoundingClientRect();
            return box.top > 100 && box.bottom < window.innerHeight;
          });
          onScreen?.click();
          return Boolean(onScreen);
        }),
      )
      .toBe(true);
    await settle(page);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete album' }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Crates&q=Record$/);
    await expect(page.getByTestId('album-summary')).toHaveText(new RegExp(`${ALBUMS - 1} albums`));
    expect(await scrollY(page)).toBe(0);
    await expect(page.getByRole('banner')).toBeInViewport();

    await scrollHomeDown(page);
    await page.getByRole('banner').getByRole('button', { name: /^Open menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Import from CSV' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import Albums' })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose file' }).click();
    const csv = [
      'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes',
      'A1,Someone,Imported One,Label,LP,,1990,1,Crates,2020-01-01 10:00:00,,,',
      'A2,Someone,Imported Two,Label,LP,,1991,2,Crates,2020-01-01 10:00:00,,,',
    ].join('\n');
    await (await chooser).setFiles({ name: 'albums.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: /^Import 2 albums/ }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Crates&q=Record$/);
    await expect(page.getByTestId('album-summary')).toHaveText(new RegExp(`${ALBUMS + 1} albums`));
    expect(await scrollY(page)).toBe(0);
    await expect(page.getByRole('banner')).toBeInViewport();
  });
});
