import { expect, test, type Page } from '@playwright/test';
import { forgetAlbumCreations, signIn } from './support/helpers';

const ALBUMS = 162;

async function seed(page: Page) {
  expect((await page.request.post('/api/collections', { data: { name: 'Crates' } })).status()).toBe(201);
  for (let start = 0; start < ALBUMS; start += 18) {
    const batch = Array.from({ length: Math.min(18, ALBUMS - start) }, (_, i) => start + i);
    const statuses = await Promise.all(
      batch.map(async (n) => {
        const title = `Record ${String(n).padStart(3, '0')}`;
        const artist = n % 3 === 0 ? 'Other Band' : 'The Band';
        return (await page.request.post('/api/albums', { data: { collection: 'Crates', title, artist } })).status();
      }),
    );
    expect(statuses.every((status) => status === 201)).toBe(true);
    forgetAlbumCreations();
  }
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.describe('coming back from an album', () => {
  test('keeps the filters, the sort and the grid’s scroll position, by the Back button and by the browser Back', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await seed(page);
    await page.goto('/collection?collection=Crates');
    await expect(page.getByTestId('album-summary')).toHaveText(new RegExp(`^${ALBUMS} albums`));

    await page.getByLabel('Artist').fill('the band');
    await expect(page.getByTestId('album-summary')).toHaveText(new RegExp(`^108 of ${ALBUMS} albums`));
    await page.getByLabel('Sort by').click();
    await page.getByRole('option', { name: 'Artist', exact: true }).click();

    for (const back of ['button', 'browser'] as const) {
      await page.evaluate(() => window.scrollTo(0, 2400));
      await expect.poll(() => scrollY(page)).toBe(2400);
      // A card well inside the screen at that scroll. Polled: the grid draws the rows of a new scroll
      // position on the scroll event, a frame after scrollTo().
      const cardOnScreen = () =>
        page.evaluate(() => {
          const onScreen = [...document.querySelectorAll('[data-testid="album-card"]')].find((card) => {
            const box = card.getBoundingClientRect();
            return box.top > 150 && box.bottom < window.innerHeight;
          });
          return onScreen?.querySelector('h2')?.textContent ?? '';
        });
      await expect.poll(cardOnScreen).toMatch(/^Record \d{3}$/);
      const title = await cardOnScreen();
      const card = page.getByTestId('album-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      await card.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Album' })).toBeVisible();
      // Every path change covers the page with the spinner for 300 ms (docs/product/landing.md#routes): a
      // user acts once it has gone. A click under it has Playwright scroll the page to reach the target.
      await expect(page.getByTestId('full-screen-spinner')).toBeHidden();
      if (back === 'button') await page.getByRole('button', { name: 'Back' }).click();
      else await page.goBack();

      // The address carries the view (docs/product/collections.md#filters), so Back returns to it.
      await expect(page).toHaveURL(/\/collection\?collection=Crates&sort=artist&artist=the\+band$/);
      await expect(page.getByTestId('full-screen-spinner')).toBeHidden();
      await expect(page.getByLabel('Artist')).toHaveValue('the band');
      await expect(page.getByLabel('Sort by')).toHaveText('Artist');
      await expect(page.getByTestId('album-summary')).toHaveText(new RegExp(`^108 of ${ALBUMS} albums`));
      await expect.poll(() => scrollY(page)).toBe(2400);
      await expect(card).toBeInViewport({ ratio: 1 });
    }

    // A reload keeps the filters and the sort: the server draws the home with them.
    await page.reload();
    await expect(page.getByLabel('Artist')).toHaveValue('the band');
    await expect(page.getByLabel('Sort by')).toHaveText('Artist');
    await expect(page.getByTestId('album-summary')).toHaveText(new RegExp(`^108 of ${ALBUMS} albums`));
  });
});
