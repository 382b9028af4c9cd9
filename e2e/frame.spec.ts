import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn, updateUser } from './support/helpers';

/*
 * One frame on every signed-in page: the same header (the logo home, the menu), so any page leads
 * anywhere; a gated user's menu offers only what works for them; overdue loans show where a collector
 * looks — a count in the header menu and a dismissible line on the home.
 */
const SHOTS = process.env.FRAME_SCREENSHOTS;

function daysAgo(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * 86_400_000).toISOString().slice(0, 10);
}

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Open menu for/ });

/** The frame is there: the logo links home and the menu opens. */
async function expectFrame(page: Page) {
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Spindle' })).toHaveAttribute('href', '/');
  await expect(menuButton(page)).toBeVisible();
}

const FRAMED_PAGES = [
  { path: '/analytics', heading: 'Collection Analytics' },
  { path: '/profile', heading: 'Profile' },
  { path: '/import', heading: 'Import Albums' },
  { path: '/record-stores', heading: 'Record Stores' },
  { path: '/wishlist', heading: 'Wish List' },
  { path: '/album/new', heading: 'Add Album' },
  { path: '/subscription', heading: 'Subscription' },
];

async function seedLoans(page: Page) {
  for (const name of ['Living Room', 'Jazz']) expect((await page.request.post('/api/collections', { data: { name } })).status()).toBe(201);
  const albums = [
    { collection: 'Living Room', title: 'Zapp II', artist: 'Zapp' },
    { collection: 'Living Room', title: 'Abbey Road', artist: 'The Beatles', isLent: true, lentTo: 'Kim', lentDate: daysAgo(50) },
    { collection: 'Jazz', title: 'Blue Train', artist: 'John Coltrane', isLent: true, lentTo: 'Sam', lentDate: daysAgo(40) },
    { collection: 'Jazz', title: 'Kind of Blue', artist: 'Miles Davis', isLent: true, lentTo: 'Priya', lentDate: daysAgo(3) },
  ];
  for (const album of albums) expect((await page.request.post('/api/albums', { data: album })).status()).toBe(201);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('one frame on every signed-in page', () => {
  test('every signed-in page has the header with the logo home and the menu, and the menu leads anywhere', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await seedLoans(page);
    for (const { path, heading } of FRAMED_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectFrame(page);
    }
    // From the album form, through the menu, to Record Stores, then the logo back home.
    await page.goto('/album/new');
    await menuButton(page).click();
    await page.getByRole('menuitem', { name: 'Record Stores' }).click();
    await expect(page).toHaveURL(/\/record-stores$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Record Stores' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Spindle' }).click();
    await expect(page.getByTestId('album-summary')).toBeVisible();
    // Export from a page other than the home opens the export dialog there.
    await page.goto('/profile');
    await menuButton(page).click();
    await page.getByRole('menuitem', { name: 'Export to CSV' }).click();
    await expect(page.getByRole('dialog', { name: /Export/ })).toBeVisible();
  });

  test('a gated user’s menu on /subscription and /subscribe offers only the subscription, the theme and logging out', async ({ page }) => {
    const { email } = await signIn(page);
    updateUser(email, { subscription_status: 'trialing', trial_end_date: '2020-01-01T00:00:00.000Z' });
    for (const path of ['/subscription', '/subscribe']) {
      await page.goto(path);
      // docs/product/subscription.md: a gated user on /subscription is sent to /subscribe after 100 ms,
      // which draws the page's frame anew: the menu is opened once there, not in the moment before.
      await expect(page).toHaveURL(/\/subscribe$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keep Your Collection Going');
      await expectFrame(page);
      await menuButton(page).click();
      const items = page.getByRole('menuitem');
      await expect(items).toHaveText(['Subscription', /^(Dark|Light) mode$/, 'Logout']);
      await page.keyboard.press('Escape');
    }
    await menuButton(page).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).not.toHaveURL(/\/subscribe$/);
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });

  test('overdue loans: a count in the header menu on every page, a dismissible line on the home that leads to them', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await seedLoans(page);
    await page.goto('/collection?collection=Living%20Room');
    // Across collections: Abbey Road (Living Room) and Blue Train (Jazz); Kind of Blue is within the reminder.
    const notice = page.getByTestId('overdue-notice');
    await expect(notice).toHaveText(/2 records overdue — see them/);
    await expect(page.getByTestId('header-overdue-badge')).toHaveText(/2/);
    await menuButton(page).click();
    await expect(page.getByRole('menuitem', { name: '2 records overdue' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The line leads to the overdue records, listed across collections.
    await notice.getByRole('link', { name: 'see them' }).click();
    await expect(page).toHaveURL(/\/analytics#overdue-loans$/);
    const list = page.getByTestId('overdue-loans');
    await expect(list).toContainText('Abbey Road');
    await expect(list).toContainText('Blue Train');
    await expect(list).toBeInViewport();
    // The header's count is there on the other pages too.
    await expect(page.getByTestId('header-overdue-badge')).toHaveText(/2/);
    await page.goto('/profile');
    await expect(page.getByTestId('header-overdue-badge')).toHaveText(/2/);
    await menuButton(page).click();
    await page.getByRole('menuitem', { name: '2 records overdue' }).click();
    await expect(page).toHaveURL(/\/analytics#overdue-loans$/);

    // Dismissed: gone, and still gone after a reload (the server's drawing, then the app's).
    await page.goto('/collection?collection=Living%20Room');
    await page.getByRole('button', { name: 'Dismiss the overdue notice' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('album-summary')).toBeVisible();
    await expect(page.getByTestId('header-overdue-badge')).toHaveText(/2/);
    await page.waitForTimeout(500);
    await expect(notice).toHaveCount(0);

    // A new loan becomes overdue: the line is back, with the new count.
    expect(
      (await page.request.post('/api/albums', { data: { collection: 'Jazz', title: 'Giant Steps', artist: 'John Coltrane', isLent: true, lentTo: 'Ana', lentDate: daysAgo(31) } })).status(),
    ).toBe(201);
    await page.reload();
    await expect(notice).toHaveText(/3 records overdue — see them/);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the framed pages and the home with its overdue line have no serious or critical axe finding in ${theme} mode, at 1280 and 390 px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
      await signIn(page);
      await seedLoans(page);
      const check = async (name: string) => {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          expect(await seriousAxeFindings(page), `${name} at ${width} px`).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
        }
        await shoot(page, `${name}-${theme}`);
      };
      await page.goto('/collection?collection=Living%20Room');
      await expect(page.getByTestId('overdue-notice')).toBeVisible();
      await check('home-overdue');
      // The open menu, looked at (axe is not run on it: the menu is modal, and Radix hides the page
      // behind it from assistive technology while it is open).
      await menuButton(page).click();
      await expect(page.getByRole('menuitem', { name: '2 records overdue' })).toBeVisible();
      await shoot(page, `home-menu-${theme}`);
      await page.keyboard.press('Escape');
      for (const { path, heading } of FRAMED_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await check(`frame${path.replaceAll('/', '-')}`);
      }
    });
  }
});
