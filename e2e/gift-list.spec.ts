import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { registerViaApi, signIn, uniqueEmail } from './support/helpers';

/*
 * The gift list (docs/product/wishlist.md#gift-list-page): a collector shares their wish list, a
 * friend opens the link signed out and sees what to give (never prices, notes or who they are);
 * disabling the link makes the page say it is not available. And the album form's "On your wish
 * list" (docs/product/wishlist.md#on-the-album-form): ticked, the wish leaves with the add.
 */

const WISHES = [
  { title: 'Maybe Someday', artist: 'The Quiet Ones', priority: 3, maxPrice: 9.99, notes: 'secret note: only if cheap' },
  { title: 'Blue Train', artist: 'John Coltrane', format: 'LP', pressing: 'Blue Note 1577, mono', priority: 1, maxPrice: 123.45, notes: 'secret note: the mono one' },
  { title: 'Kind of Blue', artist: 'Miles Davis', format: '2LP', priority: 2, maxPrice: 40 },
];

async function wishFor(request: APIRequestContext, wish: Record<string, unknown>) {
  const response = await request.post('/api/wishlist', { data: wish });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number };
}

async function wishes(request: APIRequestContext) {
  const response = await request.get('/api/wishlist');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { title: string }[]).map((wish) => wish.title);
}

/** A fresh, signed-out browser context: what a friend who got the link has. */
async function visitorPage(browser: Browser, baseURL: string | undefined, width = 1280) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 850 } });
  return { page: await context.newPage(), context };
}

const cards = (page: Page) => page.getByTestId('gift-card');

test.describe('the gift list page', () => {
  test('a friend opens the shared list signed out: by priority, no private field; disabled, it is not available', async ({ page, browser, baseURL }) => {
    const { email } = await signIn(page, (await registerViaApi(page.request, uniqueEmail('gift'), 'Gemma', 'Giver')).email);
    for (const wish of WISHES) await wishFor(page.request, wish);
    const shared = await page.request.post('/api/wishlist/share');
    expect(shared.status()).toBe(200);
    const { shareToken } = (await shared.json()) as { shareToken: string };

    const visitor = await visitorPage(browser, baseURL);
    await visitor.page.goto(`/wishlist/shared/${shareToken}`);
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Gift list' })).toBeVisible();
    await expect(cards(visitor.page)).toHaveCount(3);
    await expect(cards(visitor.page).getByRole('heading')).toHaveText(['Blue Train', 'Kind of Blue', 'Maybe Someday']);
    await expect(visitor.page.getByTestId('gift-priority')).toHaveText(['Must have', 'Want', 'Maybe']);
    // The format's display name, and the pressing in the collector's words.
    await expect(cards(visitor.page).first()).toContainText('Vinyl LP');
    await expect(cards(visitor.page).first()).toContainText('Blue Note 1577, mono');
    await expect(cards(visitor.page).nth(1)).toContainText('Double LP');
    const text = await visitor.page.locator('body').innerText();
    for (const secret of ['123.45', '$123', '9.99', '$40', 'secret note', email, 'Gemma', 'Giver']) expect(text).not.toContain(secret);
    await expect(visitor.page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    // The owner disables the link: the friend's next visit says the list is not available.
    expect((await page.request.delete('/api/wishlist/share')).status()).toBe(200);
    await visitor.page.reload();
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'This gift list is not available' })).toBeVisible();
    await expect(cards(visitor.page)).toHaveCount(0);
    // A made-up link says the same.
    await visitor.page.goto(`/wishlist/shared/${'A'.repeat(32)}`);
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'This gift list is not available' })).toBeVisible();
    await visitor.page.getByRole('button', { name: 'Return to Home' }).click();
    await expect(visitor.page).toHaveURL(/\/$/);
    await visitor.context.close();
  });

  test('an empty shared list says so, for a signed-in visitor too', async ({ page }) => {
    await signIn(page);
    const { shareToken } = (await (await page.request.post('/api/wishlist/share')).json()) as { shareToken: string };
    await page.goto(`/wishlist/shared/${shareToken}`);
    await expect(page.getByRole('heading', { name: 'Nothing on this gift list yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My collection' })).toBeVisible();
  });

  for (const width of [390, 1280]) {
    test(`passes axe in both themes at ${width} px, and follows the device's theme`, async ({ page, browser, baseURL }) => {
      await signIn(page);
      for (const wish of WISHES) await wishFor(page.request, wish);
      const { shareToken } = (await (await page.request.post('/api/wishlist/share')).json()) as { shareToken: string };
      const visitor = await visitorPage(browser, baseURL, width);
      // "System" chosen on this device: the page is dark when the device is (docs/product/profile.md#theme).
      await visitor.page.addInitScript(() => localStorage.setItem('spindle-theme', 'system'));
      for (const scheme of ['light', 'dark'] as const) {
        await visitor.page.emulateMedia({ colorScheme: scheme });
        await visitor.page.goto(`/wishlist/shared/${shareToken}`);
        await expect(cards(visitor.page)).toHaveCount(3);
        if (scheme === 'dark') await expect(visitor.page.locator('html')).toHaveClass(/\bdark\b/);
        else await expect(visitor.page.locator('html')).not.toHaveClass(/\bdark\b/);
        // Nothing wider than the screen on a phone.
        expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(await seriousAxeFindings(visitor.page)).toEqual([]);
        await visitor.page.goto(`/wishlist/shared/${'B'.repeat(32)}`);
        await expect(visitor.page.getByRole('heading', { name: 'This gift list is not available' })).toBeVisible();
        expect(await seriousAxeFindings(visitor.page)).toEqual([]);
      }
      await visitor.context.close();
    });
  }
});

test.describe('the album form: On your wish list', () => {
  async function addAlbum(page: Page, title: string, artist: string, keepWish: boolean, facts: string) {
    await page.goto('/album/new?collection=Shelf');
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Artist', { exact: true }).fill(artist);
    const notice = page.getByTestId('wish-match');
    await expect(notice).toContainText('On your wish list');
    await expect(notice).toContainText(facts);
    const box = page.getByRole('checkbox', { name: 'Remove it from my wish list' });
    await expect(box).toBeChecked();
    expect(await seriousAxeFindings(page)).toEqual([]);
    if (keepWish) {
      await box.click();
      await expect(box).not.toBeChecked();
    }
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Shelf$/);
  }

  test('ticked, the wish leaves the list as the album is added; unticked, it stays', async ({ page }) => {
    await signIn(page);
    expect((await page.request.post('/api/collections', { data: { name: 'Shelf' } })).status()).toBe(201);
    await wishFor(page.request, WISHES[1]!);
    await wishFor(page.request, WISHES[2]!);

    // Typed in another case, with spaces: still the wish, with its priority and max price.
    await addAlbum(page, '  blue train ', 'JOHN COLTRANE', false, 'Must have · up to $123.45');
    expect(await wishes(page.request)).toEqual(['Kind of Blue']);

    await addAlbum(page, 'Kind of Blue', 'Miles Davis', true, 'Want · up to $40.00');
    expect(await wishes(page.request)).toEqual(['Kind of Blue']);
    const albums = ((await (await page.request.get('/api/albums')).json()) as { title: string }[]).map((album) => album.title.toLowerCase()).sort();
    expect(albums).toEqual(['blue train', 'kind of blue']);
  });
});
