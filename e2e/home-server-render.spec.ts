import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { expectStoredSelection, pageErrors, signIn } from './support/helpers';

/*
 * docs/product/collections.md#home: the collection home is drawn on the server, so its first album
 * cards show before any of the app's scripts has run; the app then hydrates that drawing in place.
 */

const cards = (page: Page) => page.getByTestId('album-card');
/** Where to keep screenshots of the drawn home with its overdue line (looked at by hand), if anywhere. */
const SHOTS = process.env.HOME_RENDER_SCREENSHOTS;

/** The app's own code never arrives: what shows is the server's drawing alone. */
async function withoutAppScripts(page: Page) {
  await page.route('**/assets/*.js', (route) => route.abort());
}

/** Holds the app's code (everything after the small entry) until the returned function is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/start-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Hydrated: the measured (virtualised) grid has taken over from the server's CSS grid. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.querySelector<HTMLElement>('[role="listitem"]')?.style.position === 'absolute');
}

/** Where the first cards are, rounded to the pixel. */
const cardBoxes = (page: Page, count: number) =>
  cards(page).evaluateAll(
    (elements, n) =>
      elements.slice(0, n).map((element) => {
        const box = element.getBoundingClientRect();
        return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) };
      }),
    count,
  );

async function addAlbums(page: Page, collection: string, count: number, prefix = 'Record') {
  expect((await page.request.post('/api/collections', { data: { name: collection } })).status()).toBe(201);
  for (let i = 0; i < count; i++) {
    const title = `${prefix} ${String(i).padStart(2, '0')}`;
    expect((await page.request.post('/api/albums', { data: { collection, title, artist: `Artist ${i % 7}` } })).status()).toBe(
      201,
    );
  }
}

test.describe('the collection home drawn on the server', () => {
  test('the first cards show with no script at all, where the app then keeps them, at every width', async ({ page, browser }) => {
    await signIn(page);
    await addAlbums(page, 'Crates', 40);
    const cookies = await page.context().cookies();

    for (const width of [320, 390, 800, 1280, 1920]) {
      const drawn = await browser.newContext({ viewport: { width, height: 900 } });
      await drawn.addCookies(cookies);
      const still = await drawn.newPage();
      await withoutAppScripts(still);
      await still.goto('/collection');
      await expect(still.getByRole('heading', { level: 1, name: 'Crates' })).toBeVisible();
      await expect(cards(still)).toHaveCount(32);
      await expect(cards(still).first()).toContainText('Record 00');
      const before = await cardBoxes(still, 12);
      await drawn.close();

      await page.setViewportSize({ width, height: 900 });
      await page.goto('/collection');
      await waitForHydration(page);
      // The virtualised grid keeps only the rows near the screen: compare the cards it has.
      const after = await cardBoxes(page, 12);
      expect(after.length).toBeGreaterThanOrEqual(4);
      expect(after, `card positions at ${width} px`).toEqual(before.slice(0, after.length));
    }
  });

  test('hydration keeps the drawn cards, reports no error, reads each list once, and the page works', async ({ page }) => {
    await signIn(page);
    await addAlbums(page, 'Jazz Shelf', 12);
    const errors = pageErrors(page);
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) reads.push(new URL(request.url()).pathname);
    });
    // Hold the app's code back until the drawing is marked, to see that hydration keeps its elements.
    const releaseApp = await holdAppCode(page);
    await page.goto('/collection');
    await expect(cards(page)).toHaveCount(12);
    await cards(page)
      .first()
      .evaluate((card) => card.setAttribute('data-drawn-by', 'server'));
    releaseApp();
    await waitForHydration(page);
    await expect(cards(page).first()).toHaveAttribute('data-drawn-by', 'server');
    // Each once: the user, the collections, the albums, and the covers-and-details status the home's line shows.
    expect(reads.sort()).toEqual(['/api/albums', '/api/collections', '/api/enrichment', '/api/user']);

    await page.getByLabel('Artist').fill('Artist 3');
    await expect(page.getByTestId('album-summary')).toContainText('2 of 12 albums');
    await expect(cards(page)).toHaveCount(2);
    await cards(page).first().click();
    await expect(page).toHaveURL(/\/album\/\d+$/);
    expect(errors).toEqual([]);
  });

  test('the drawing is taken over before the album list is read: its numbers stay, places past its head load, and the list follows', async ({ page }) => {
    await signIn(page);
    await addAlbums(page, 'Crates', 60);
    const errors = pageErrors(page);
    // The album list held back: the app takes the drawing over from its head alone.
    let releaseList!: () => void;
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    await page.route((url) => url.pathname === '/api/albums', async (route) => {
      await listHeld;
      await route.continue();
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/collection');
    await waitForHydration(page);
    await expect(page.getByTestId('album-summary')).toContainText('60 albums');
    await expect(cards(page).first()).toContainText('Record 00');
    await expect(page.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '60');
    // The head holds the first 48 albums: the places after them wait for the list.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.locator('[role="listitem"][aria-busy="true"]').first()).toBeAttached();
    await expect(cards(page).filter({ hasText: 'Record 59' })).toHaveCount(0);
    releaseList();
    await expect(cards(page).filter({ hasText: 'Record 59' })).toBeVisible();
    await expect(page.locator('[role="listitem"][aria-busy="true"]')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search' }).fill('Record 5');
    await expect(page.getByTestId('album-summary')).toContainText('10 of 60 albums');
    expect(errors).toEqual([]);
  });

  test('text typed into a field and a button pressed before the app has taken over the drawing act once it has', async ({ page }) => {
    await signIn(page);
    expect((await page.request.post('/api/collections', { data: { name: 'Shelf' } })).status()).toBe(201);
    for (const [title, artist] of [
      ['Wild Is the Wind', 'Nina Simone'],
      ['Kind of Blue', 'Miles Davis'],
    ]) {
      expect((await page.request.post('/api/albums', { data: { collection: 'Shelf', title, artist } })).status()).toBe(201);
    }
    const releaseApp = await holdAppCode(page);
    await page.goto('/collection');
    await expect(cards(page)).toHaveCount(2);
    await page.getByLabel('Artist').fill('nina');
    await page.getByRole('button', { name: /Open menu/ }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);
    releaseApp();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Export to CSV' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Artist')).toHaveValue('nina');
    await expect(page.getByTestId('album-summary')).toContainText('1 of 2 albums');
    await expect(cards(page)).toHaveText([/Wild Is the Wind/]);
  });

  test('the collection chosen last is the one drawn on the next visit', async ({ page, browser }) => {
    await signIn(page);
    await addAlbums(page, 'Attic', 2, 'Attic');
    await addAlbums(page, 'Basement', 3, 'Basement');
    await page.goto('/collection');
    await expect(page.getByRole('heading', { level: 1, name: 'Attic' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Collections' })
      .getByRole('link', { name: /Basement/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Basement' })).toBeVisible();
    await expectStoredSelection(page, 'Basement');

    const next = await browser.newContext();
    await next.addCookies(await page.context().cookies());
    const drawn = await next.newPage();
    await withoutAppScripts(drawn);
    await drawn.goto('/collection');
    await expect(drawn.getByRole('heading', { level: 1, name: 'Basement' })).toBeVisible();
    await expect(cards(drawn)).toHaveCount(3);
    await next.close();
  });

  test('a browser that stored another collection than the server drew shows its own, without an error', async ({ page }) => {
    await signIn(page);
    await addAlbums(page, 'Attic', 2, 'Attic');
    await addAlbums(page, 'Basement', 3, 'Basement');
    await page.goto('/collection?collection=Basement');
    await expect(page.getByRole('heading', { level: 1, name: 'Basement' })).toBeVisible();
    await expectStoredSelection(page, 'Basement');
    // This tab stores Attic, while the cookie (as another tab left it) still says Basement.
    await page.evaluate(() => localStorage.setItem('selectedCollection', 'Attic'));
    const errors = pageErrors(page);
    await page.goto('/collection');
    await expect(page.getByRole('heading', { level: 1, name: 'Attic' })).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    expect(errors).toEqual([]);
  });

  /** The UTC date `days` ago: loans are counted on the server's UTC calendar. */
  const daysAgo = (days: number) => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * 86_400_000).toISOString().slice(0, 10);
  };

  /** Sums every layout shift of the page's life (the browser's own measure, CLS), from its first paint. */
  async function observeLayoutShifts(page: Page) {
    await page.addInitScript(() => {
      const shifts = { sum: 0, count: 0 };
      (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (entry.hadRecentInput) continue;
          shifts.sum += entry.value;
          shifts.count += 1;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
  }
  const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { __layoutShifts: { sum: number; count: number } }).__layoutShifts);

  /** Where the first card and the overdue line are, rounded to the pixel (the line: null when not shown). */
  const placeOf = (page: Page) =>
    page.evaluate(() => {
      const box = (element: Element | null) => {
        if (!element) return null;
        const rect = element.getBoundingClientRect();
        return { x: Math.round(rect.x), y: Math.round(rect.y), width: Math.round(rect.width), height: Math.round(rect.height) };
      };
      return { card: box(document.querySelector('[data-testid="album-card"]')), line: box(document.querySelector('[data-testid="overdue-notice"]')) };
    });

  for (const theme of ['light', 'dark'] as const) {
    test(`the overdue line is in the first paint: taking the drawing over moves nothing, shown or dismissed, in ${theme} mode at 390 and 1280 px`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
      await observeLayoutShifts(page);
      await signIn(page);
      await addAlbums(page, 'Crates', 12);
      // Overdue across collections: one in Crates, one elsewhere; one more within the reminder.
      expect((await page.request.post('/api/collections', { data: { name: 'Jazz' } })).status()).toBe(201);
      for (const album of [
        { collection: 'Crates', title: 'Abbey Road', artist: 'The Beatles', isLent: true, lentTo: 'Sam', lentDate: daysAgo(45) },
        { collection: 'Crates', title: 'Blue', artist: 'Joni Mitchell', isLent: true, lentTo: 'Kim', lentDate: daysAgo(3) },
        { collection: 'Jazz', title: 'Blue Train', artist: 'John Coltrane', isLent: true, lentTo: 'Ana', lentDate: daysAgo(31) },
      ]) {
        expect((await page.request.post('/api/albums', { data: album })).status()).toBe(201);
      }
      const errors = pageErrors(page);
      const notice = page.getByTestId('overdue-notice');

      /** Loads the home with the app held back, then lets it take over; the drawn and the taken-over page must agree. */
      const takeOver = async (width: number, expectLine: boolean) => {
        await page.setViewportSize({ width, height: 900 });
        const releaseApp = await holdAppCode(page);
        await page.goto('/collection?collection=Crates');
        await expect(cards(page).first()).toBeVisible();
        if (expectLine) await expect(notice).toHaveText(/2 records overdue — see them/);
        else await expect(notice).toHaveCount(0);
        const drawn = await placeOf(page);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-drawn-${expectLine ? 'overdue' : 'dismissed'}-${theme}-${width}.png` });
        releaseApp();
        await waitForHydration(page);
        await page.waitForLoadState('networkidle');
        await expect(page.getByTestId('header-overdue-badge')).toHaveText(/2/);
        expect(await placeOf(page), `the first card and the line at ${width} px`).toEqual(drawn);
        expect((await layoutShifts(page)).sum, `layout shift at ${width} px`).toBe(0);
        await page.unroute('**/assets/start-*.js');
      };

      for (const width of [390, 1280]) {
        await takeOver(width, true);
        expect(await seriousAxeFindings(page), `the home with its overdue line at ${width} px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/home-overdue-${theme}-${width}.png`, fullPage: width === 390 });
      }

      // Dismissed on this device: the next drawing leaves the line out, and so does the app.
      await notice.getByRole('button', { name: 'Dismiss the overdue notice' }).click();
      await expect(notice).toHaveCount(0);
      for (const width of [390, 1280]) {
        await takeOver(width, false);
        expect(await seriousAxeFindings(page), `the home without its overdue line at ${width} px`).toEqual([]);
      }
      expect(errors).toEqual([]);
    });
  }

  test('a dismissal this device kept before the cookie copy still holds: the app draws the home itself once, copies it, and the next drawing agrees', async ({ page }) => {
    await signIn(page);
    await addAlbums(page, 'Crates', 3);
    const lentDate = daysAgo(45);
    const created = await page.request.post('/api/albums', { data: { collection: 'Crates', title: 'Abbey Road', artist: 'The Beatles', isLent: true, lentTo: 'Sam', lentDate } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const errors = pageErrors(page);
    const notice = page.getByTestId('overdue-notice');
    await page.goto('/collection');
    await expect(notice).toHaveText(/1 record overdue — see it/);
    // As the app kept it before: a JSON list in localStorage, and no cookie.
    await page.evaluate((key) => localStorage.setItem('spindle-overdue-dismissed', JSON.stringify([key])), `${id}:${lentDate}`);
    await page.reload();
    await waitForHydration(page);
    await expect(notice).toHaveCount(0);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'spindle_overdue_dismissed')?.value).toBe(encodeURIComponent(`${id}:${lentDate}`));
    // The next visit's drawing already leaves the line out.
    const releaseApp = await holdAppCode(page);
    await page.reload();
    await expect(cards(page).first()).toBeVisible();
    await expect(notice).toHaveCount(0);
    releaseApp();
    await waitForHydration(page);
    await expect(notice).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

