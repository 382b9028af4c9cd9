import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers';

/**
 * Loan reminders (docs/product/loans.md#reminders): lend an album with an old date → flagged on the
 * home (drawn by the server and by the browser alike) → the lent out filter → analytics lists it →
 * change the setting → the flag goes.
 */
const SHOTS = process.env.LOANS_SCREENSHOTS;

/** The UTC date `days` ago: the server counts loans on the UTC calendar. */
function daysAgo(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * 86_400_000).toISOString().slice(0, 10);
}

async function seed(request: APIRequestContext) {
  expect((await request.post('/api/collections', { data: { name: 'Shelf' } })).status()).toBe(201);
  const albums = [
    { collection: 'Shelf', title: 'Blue Train', artist: 'John Coltrane', genre: 'Jazz' },
    { collection: 'Shelf', title: 'Kind of Blue', artist: 'Miles Davis', genre: 'Jazz' },
    { collection: 'Shelf', title: 'Abbey Road', artist: 'The Beatles', genre: 'Rock', isLent: true, lentTo: 'Kim', lentDate: daysAgo(3) },
    { collection: 'Shelf', title: 'A Love Supreme', artist: 'John Coltrane', genre: 'Jazz', isLent: true, lentTo: 'Priya', lentDate: daysAgo(10) },
  ];
  for (const album of albums) expect((await request.post('/api/albums', { data: album })).status()).toBe(201);
}

const cards = (page: Page) => page.getByTestId('album-card');
const card = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
const cardTitles = (page: Page) => cards(page).locator('h2');

async function chooseLending(page: Page, option: 'All albums' | 'Lent out' | 'Overdue') {
  await page.getByLabel('Lending', { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('loan reminders', () => {
  test('lend an album with an old date → flagged on the home → filter lent out → analytics shows it → change the setting → the flag goes', async ({ page, browser }) => {
    await signIn(page);
    await seed(page.request);
    await page.goto('/collection?collection=Shelf');
    await expect(cards(page)).toHaveCount(4);
    await expect(page.getByTestId('overdue-badge')).toHaveCount(0);

    // Lend Blue Train to Sam, 45 days ago: the form already says it is overdue.
    await card(page, 'Blue Train').click();
    await expect(page).toHaveURL(/\/album\/\d+$/);
    await page.getByLabel('Lent out to someone').check();
    await page.getByLabel('Lent to').fill('Sam');
    await page.getByLabel('Lent date').fill(daysAgo(45));
    await expect(page.getByTestId('loan-status')).toHaveText('Overdue: Lent 45 days, longer than your reminder of 30 days.');
    await page.getByLabel('Lent date').fill(daysAgo(5));
    await expect(page.getByTestId('loan-status')).toHaveText('Lent 5 days. Flagged as overdue after 30 days.');
    await page.getByLabel('Lent date').fill(daysAgo(45));
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Shelf$/);

    // Flagged on its card with the days lent and who has it; loans within the reminder keep "Lent to".
    await expect(card(page, 'Blue Train').getByTestId('overdue-badge')).toHaveText('Overdue: Lent 45 days · Sam');
    await expect(card(page, 'Abbey Road').getByTestId('lent-badge')).toHaveText('Lent to Kim');
    await expect(page.getByTestId('overdue-badge')).toHaveCount(1);

    // The server draws the same flag: a reload with scripts blocked still shows it.
    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    try {
      const drawn = await noScript.newPage();
      await drawn.goto('/collection?collection=Shelf');
      await expect(card(drawn, 'Blue Train').getByTestId('overdue-badge')).toHaveText('Overdue: Lent 45 days · Sam');
      await expect(drawn.getByLabel('Lending', { exact: true })).toContainText('All albums');
    } finally {
      await noScript.close();
    }
    // And the browser takes the drawing over without redrawing it differently.
    await page.reload();
    await expect(card(page, 'Blue Train').getByTestId('overdue-badge')).toHaveText('Overdue: Lent 45 days · Sam');
    await shoot(page, 'loans-home');

    // The lent out filter, with the sort and the artist filter.
    await chooseLending(page, 'Lent out');
    await expect(cardTitles(page)).toHaveText(['A Love Supreme', 'Abbey Road', 'Blue Train']);
    await expect(page.getByTestId('album-summary')).toContainText('3 of 4 albums');
    await expect(page.getByTestId('loan-reminder-hint')).toHaveText('Overdue means lent longer than 30 days. Change the reminder');
    await page.getByLabel('Artist', { exact: true }).fill('coltrane');
    await expect(cardTitles(page)).toHaveText(['A Love Supreme', 'Blue Train']);
    await page.getByLabel('Sort by', { exact: true }).click();
    await page.getByRole('option', { name: 'Artist', exact: true }).click();
    await expect(cardTitles(page)).toHaveText(['A Love Supreme', 'Blue Train']);
    await chooseLending(page, 'Overdue');
    await expect(cardTitles(page)).toHaveText(['Blue Train']);
    await page.getByLabel('Artist', { exact: true }).fill('beatles');
    await expect(page.getByText('No album overdue matches that artist and genre.', { exact: false })).toBeVisible();
    await page.getByLabel('Artist', { exact: true }).fill('');
    await expect(cardTitles(page)).toHaveText(['Blue Train']);
    await shoot(page, 'loans-home-overdue-filter');

    // Kept like the other filters: to an album and back, the filter is still set.
    await card(page, 'Blue Train').click();
    await expect(page).toHaveURL(/\/album\/\d+$/);
    await expect(page.getByTestId('loan-status')).toContainText('Overdue: Lent 45 days');
    await page.goBack();
    await expect(page.getByLabel('Lending', { exact: true })).toContainText('Overdue');
    await expect(cardTitles(page)).toHaveText(['Blue Train']);

    // Keyboard only: back to every album from the lending filter.
    await page.getByLabel('Lending', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('option', { name: 'Overdue', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('option', { name: 'Lent out', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('option', { name: 'All albums', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(cards(page)).toHaveCount(4);

    // Analytics: lent out and overdue counts, the overdue album with who has it and since when, linking to it.
    await page.getByRole('button', { name: /^Open menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Analytics' }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(page.getByTestId('loans-lent-count')).toHaveText('3');
    await expect(page.getByTestId('loans-overdue-count')).toHaveText('1');
    const overdue = page.getByTestId('overdue-loans').getByRole('listitem');
    await expect(overdue).toHaveCount(1);
    await expect(overdue.first()).toContainText('Blue Train · John Coltrane');
    await expect(overdue.first()).toContainText('With Sam since');
    await expect(overdue.first()).toContainText('Lent 45 days');
    await shoot(page, 'loans-analytics');
    await overdue.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/album\/\d+$/);
    await expect(page.getByLabel('Lent to')).toHaveValue('Sam');

    // Change the setting where the filter points: "12,50" is refused with a clear message, 60 is saved.
    await page.goto('/collection?collection=Shelf');
    await chooseLending(page, 'Overdue');
    await page.getByRole('link', { name: 'Change the reminder' }).click();
    await expect(page).toHaveURL(/\/profile#loan-reminders$/);
    const field = page.getByLabel('Remind me after (days)');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('30');
    await field.fill('12,50');
    await page.getByRole('button', { name: 'Set reminder' }).click();
    await expect(page.getByText('Enter a whole number of days, from 1 to 3650')).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('0');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Remind me after at least 1 day')).toBeVisible();
    expect(((await (await page.request.get('/api/user')).json()) as { loanReminders: { days: number } }).loanReminders.days).toBe(30);
    await shoot(page, 'loans-profile-error');
    await field.fill('60');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Loan reminder saved', { exact: true })).toBeVisible();
    expect(((await (await page.request.get('/api/user')).json()) as { loanReminders: { days: number } }).loanReminders.days).toBe(60);

    // The flag goes, in the browser and in the server's drawing, and analytics follows.
    await page.getByRole('button', { name: 'Back' }).click();
    // The overdue filter is still set, and nothing is overdue now.
    await expect(page.getByText('No album in this collection is overdue.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('loan-reminder-hint')).toHaveText('Overdue means lent longer than 60 days. Change the reminder');
    await chooseLending(page, 'Lent out');
    await expect(card(page, 'Blue Train').getByTestId('lent-badge')).toHaveText('Lent to Sam');
    await expect(page.getByTestId('overdue-badge')).toHaveCount(0);
    await page.reload();
    await expect(card(page, 'Blue Train').getByTestId('lent-badge')).toHaveText('Lent to Sam');
    await expect(page.getByTestId('overdue-badge')).toHaveCount(0);
    await page.goto('/analytics');
    await expect(page.getByTestId('loans-overdue-count')).toHaveText('0');
    await expect(page.getByText('Nothing is overdue: every loan is within your reminder.')).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the home, the album form, the profile and analytics have no serious or critical axe finding in ${theme} mode, at 1280 and 390 px`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
      await signIn(page);
      await seed(page.request);
      expect(
        (await page.request.post('/api/albums', { data: { collection: 'Shelf', title: 'Overdue Record', artist: 'Someone', isLent: true, lentTo: 'Sam', lentDate: daysAgo(90) } })).status(),
      ).toBe(201);
      await page.goto('/collection?collection=Shelf');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expect(page.getByTestId('overdue-badge')).toHaveText('Overdue: Lent 90 days · Sam');
      await chooseLending(page, 'Lent out');
      await expect(cards(page)).toHaveCount(3);
      const check = async (name: string) => {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          expect(await seriousAxeFindings(page), `${name} at ${width} px`).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
        }
        await shoot(page, `${name}-${theme}`);
      };
      await check('loans-home');
      await card(page, 'Overdue Record').click();
      await expect(page.getByTestId('loan-status')).toBeVisible();
      await check('loans-album');
      await page.goto('/profile');
      await expect(page.getByLabel('Remind me after (days)')).toBeVisible();
      await check('loans-profile');
      await page.goto('/analytics');
      await expect(page.getByTestId('overdue-loans')).toBeVisible();
      await check('loans-analytics');
    });
  }
});
