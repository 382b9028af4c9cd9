import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers';

const SHOTS = process.env.ANALYTICS_SCREENSHOTS;

/** A collector with three collections; prices, genres and formats missing on some; three albums lent; three wishes. */
async function seedCollector(request: APIRequestContext) {
  for (const name of ['Jazz Corner', 'Living Room Shelf', 'Wish List'])
    expect((await request.post('/api/collections', { data: { name } })).status()).toBe(201);
  const albums = [
    {
      collection: 'Jazz Corner',
      title: 'Blue Train',
      artist: 'John Coltrane',
      genre: 'Jazz',
      format: 'LP',
      price: 19.99,
      isLent: true,
      lentTo: 'Sam',
      lentDate: '2024-01-15',
    },
    { collection: 'Jazz Corner', title: 'Giant Steps', artist: 'John Coltrane', genre: 'Jazz', price: 0.1 },
    { collection: 'Jazz Corner', title: 'Kind of Blue', artist: 'Miles Davis' },
    {
      collection: 'Living Room Shelf',
      title: 'Abbey Road',
      artist: 'The Beatles',
      genre: 'Rock',
      format: 'LP',
      price: 0.2,
      isLent: true,
      lentTo: 'Kim',
      lentDate: '2025-06-01',
    },
    { collection: 'Living Room Shelf', title: 'Let It Be', artist: 'The Beatles', genre: 'Rock', format: '2LP', price: 33.33 },
    {
      collection: 'Living Room Shelf',
      title: 'Blue',
      artist: 'Joni Mitchell',
      genre: 'Folk',
      price: 33.33,
      isLent: true,
      lentTo: 'Priya',
    },
    { collection: 'Living Room Shelf', title: 'Revolver', artist: 'The Beatles', price: 33.33 },
  ];
  for (const album of albums) expect((await request.post('/api/albums', { data: album })).status()).toBe(201);
  const wishes = [
    { title: 'A Love Supreme', artist: 'John Coltrane', priority: 1, maxPrice: 45.5 },
    { title: 'Court and Spark', artist: 'Joni Mitchell', maxPrice: 20 },
    { title: 'Pet Sounds', artist: 'The Beach Boys', priority: 3 },
  ];
  for (const wish of wishes) expect((await request.post('/api/wishlist', { data: wish })).status()).toBe(201);
}

const chart = (page: Page, name: string) => page.getByRole('figure', { name });

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test.describe('analytics', () => {
  test('shows the totals, the four charts with their figures, the wish list, and the lent albums longest out first', async ({ page }) => {
    await signIn(page);
    await seedCollector(page.request);
    await page.goto('/');
    await page.getByRole('button', { name: /^Open menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Collection Analytics' })).toBeVisible();

    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals).toContainText('Collections3');
    await expect(totals).toContainText('Albums7');
    await expect(totals).toContainText('Total price paid$120.28');

    // Each chart's text alternative is a table of the same figures.
    const perCollection = chart(page, 'Albums per collection');
    await expect(perCollection.getByRole('row')).toHaveText([
      'CollectionAlbums',
      'Jazz Corner3',
      'Living Room Shelf4',
      'Wish List0',
    ]);
    await expect(chart(page, 'Albums per genre').getByRole('row')).toHaveText([
      'GenreAlbums',
      'Jazz2',
      'Rock2',
      'Unknown2',
      'Folk1',
    ]);
    await expect(chart(page, 'Value per collection').getByRole('row')).toHaveText([
      'CollectionValue (USD)',
      'Jazz Corner$20.09',
      'Living Room Shelf$100.19',
      'Wish List$0.00',
    ]);
    // Albums without a format count as "No format"; most albums first.
    await expect(chart(page, 'Albums per format').getByRole('row')).toHaveText(['FormatAlbums', 'No format4', 'LP2', '2LP1']);
    // The bars themselves are drawn, one per figure.
    await expect(page.getByTestId('chart-albums-per-genre').locator('li svg')).toHaveCount(4);
    await expect(page.getByTestId('chart-albums-per-format').locator('li svg')).toHaveCount(3);

    // The wish list: how many, the sum of the max prices (a wish without one adds nothing), by priority.
    const wishlist = page.getByRole('region', { name: 'Wish list' });
    await expect(wishlist.getByTestId('wishlist-items')).toHaveText('3');
    await expect(wishlist.getByTestId('wishlist-max-price')).toHaveText('$65.50');
    await expect(wishlist.getByRole('figure', { name: 'By priority' }).getByRole('row')).toHaveText([
      'PriorityWishes',
      'Must have1',
      'Want1',
      'Maybe1',
    ]);

    const lent = page.getByRole('region', { name: 'Lent albums' }).getByRole('row');
    await expect(lent).toHaveCount(4);
    await expect(lent.nth(0)).toHaveText(/Title\s*Artist\s*Lent To\s*Since\s*Collection\s*Out For/i);
    await expect(lent.nth(1)).toContainText('Blue TrainJohn ColtraneSamJan 15, 2024Jazz Corner');
    await expect(lent.nth(1)).toContainText('years');
    await expect(lent.nth(2)).toContainText('Abbey RoadThe BeatlesKim');
    await expect(lent.nth(3)).toContainText('BlueJoni MitchellPriya');
    await expect(lent.nth(3)).toContainText('Today');

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).not.toHaveURL(/\/analytics/);
  });

  test('shows skeletons while loading, then "Could not load analytics data" with Try Again, which reloads', async ({ page }) => {
    await signIn(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/analytics', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'boom' }) });
    });
    await page.goto('/analytics');
    await expect(page.getByTestId('analytics-loading')).toBeVisible();
    await shoot(page, 'analytics-loading');
    release();
    await expect(page.getByText('Could not load analytics data')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('alert')).toContainText('Could not load analytics data');
    await shoot(page, 'analytics-error');

    await page.unroute('**/api/analytics');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await reloaded;
    await expect(page.getByRole('region', { name: 'Totals' })).toContainText('Albums0');
    await expect(page.getByText('None of your albums are lent out right now.')).toBeVisible();
    // Empty states: each album chart says so, and the wish list leads to the import of a wantlist.
    await expect(page.getByText('No albums yet.')).toHaveCount(2);
    const wishlist = page.getByRole('region', { name: 'Wish list' });
    await expect(wishlist).toContainText('Nothing on your wish list yet.');
    await wishlist.getByRole('link', { name: 'Import a wantlist' }).click();
    await expect(page).toHaveURL(/\/import$/);
  });

  test('the page and its charts load as their own chunk, never with the collection home', async ({ page }) => {
    await signIn(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => path.includes('analytics'))).toEqual([]);
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Collection Analytics' })).toBeVisible();
    expect(scripts.filter((path) => /\/assets\/analytics-page-[\w-]+\.js$/.test(path))).toHaveLength(1);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no serious or critical axe finding in ${theme} mode`, async ({ page }) => {
      await signIn(page);
      await seedCollector(page.request);
      await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
      await page.goto('/analytics');
      await expect(chart(page, 'Albums per genre')).toBeVisible();
      await expect(page.getByTestId('wishlist-by-priority')).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await seriousAxeFindings(page)).toEqual([]);
      // At 390 px the lent table scrolls inside its card; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot(page, `analytics-${theme}`);
    });
  }
});
