import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn, updateUser } from './support/helpers';

const SHOTS = process.env.SCREENSHOT_DIR;
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
const cards = (page: Page) => page.getByTestId('album-card');

const DISCOGS_HEADER =
  'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes';

/**
 * A small Discogs export: three albums to add, one repeat of the same release, one refused row, one
 * sleeve state ("Generic") that is kept in the pressing.
 */
const SMALL_EXPORT = [
  DISCOGS_HEADER,
  'PCS 7027,The Beatles,Abbey Road,"Apple Records, Parlophone","LP, Album",5,1969-09-26,1,Living Room,2020-01-01 10:00:00,Near Mint (NM or M-),Very Good Plus (VG+),first press',
  'SP 34,Nirvana (2),Bleach,Sub Pop,LP,,1989,2,Living Room,2020-01-01 10:00:00,Mint (M),Generic,',
  'CL 1355,Miles Davis,Kind Of Blue,Columbia,LP,,1959,3,Uncategorized,2020-01-01 10:00:00,Very Good (VG),Good (G),',
  'PCS 7027,the beatles,ABBEY ROAD,Apple Records,LP,,1969,1,Living Room,2020-01-01 10:00:00,,,',
  `X,Someone,${'Very long title '.repeat(20)},Label,LP,,1990,5,Living Room,2020-01-01,,,`,
].join('\r\n');

function bigExport(rows: number): string {
  const lines = [DISCOGS_HEADER];
  for (let i = 0; i < rows; i++) lines.push(`C${i},Artist ${i % 300},Record ${i},Label,LP,,1990,${i},Big Shelf,2021-01-01,Near Mint (NM or M-),,`);
  return lines.join('\n');
}

async function chooseFile(page: Page, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  // Keyboard only: the button that opens the file picker is reached and pressed like any other.
  const button = page.getByRole('button', { name: /Choose (another )?file/ });
  await button.focus();
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

async function openImportFromMenu(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: /^Open menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Import from CSV' }).click();
  await expect(page).toHaveURL(/\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import albums' })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test.describe('import a Discogs collection export', () => {
  test('choose file → dry run report → import → the albums on the home', async ({ page }) => {
    await signIn(page);
    await openImportFromMenu(page);
    await chooseFile(page, 'discogs-export.csv', SMALL_EXPORT);

    const report = page.getByTestId('import-report');
    await expect(report).toContainText('a Discogs collection export with 5 rows');
    await expect(report).toContainText('Will be added3');
    await expect(report).toContainText('Skipped as duplicates1');
    await expect(report).toContainText('Refused1');
    await expect(report).toContainText('New collections: Living Room, Discogs Import');
    // The refused row names its album (title cut to 120 characters) before the reason.
    await expect(report.getByRole('list', { name: /Refused/ })).toContainText('Row 6Very long title');
    await expect(report.getByRole('list', { name: /Refused/ })).toContainText('by Someone — Title must be at most 200 characters');
    await expect(report.getByRole('list', { name: /Skipped as duplicates/ })).toContainText('Same album as row 2');
    // Notes, catalogue numbers, formats, ratings and the "Generic" sleeve all have a place now.
    await expect(report).not.toContainText('not imported');
    await expect(report).not.toContainText('Generic');
    // The dry run saved nothing.
    expect(await (await page.request.get('/api/albums')).json()).toEqual([]);
    await shoot(page, 'import-report');

    await page.getByRole('button', { name: 'Import 3 albums' }).click();
    await expect(toasts(page).first()).toContainText('Import successful');
    await expect(toasts(page).first()).toContainText('3 albums imported, 2 new collections, 1 duplicates skipped, 1 rows refused.');
    await expect(page).toHaveURL(/\/collection\?collection=Living%20Room$/);
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).filter({ hasText: 'Abbey Road' })).toContainText('The Beatles');
    await expect(cards(page).filter({ hasText: 'Bleach' })).toContainText('Nirvana');
    await page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: /Discogs Import/ }).click();
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText('Kind Of Blue');
  });

  test('the progress bar moves while 10,000 albums are written', async ({ page }) => {
    await signIn(page);
    // Every value the progress bar takes, seen from the page itself.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { importProgress: string[] }).importProgress = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="progressbar"]');
        const value = bar?.getAttribute('aria-valuenow');
        if (value !== null && value !== undefined && seen.at(-1) !== value) seen.push(value);
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    await page.goto('/import');
    await chooseFile(page, 'big.csv', bigExport(10_000));
    await expect(page.getByTestId('import-report')).toContainText('Will be added10,000');
    await page.getByRole('button', { name: 'Import 10,000 albums' }).click();
    await expect(toasts(page).first()).toContainText('10,000 albums imported');
    await expect(page).toHaveURL(/collection=Big%20Shelf/);
    const seen = await page.evaluate(() => (window as unknown as { importProgress: string[] }).importProgress);
    expect(seen[0]).toBe('0');
    expect(seen.at(-1)).toBe('100');
    // Moving, not jumping: values between the ends were shown.
    expect(seen.filter((v) => v !== '0' && v !== '100').length).toBeGreaterThan(0);
  });

  test('a file that is not a CSV export is refused with a clear message, and nothing is saved', async ({ page }) => {
    await signIn(page);
    await page.goto('/import');
    await chooseFile(page, 'page.html', '<!doctype html><html><body>Not a CSV</body></html>');
    await expect(toasts(page).first()).toContainText('Could not read the file');
    await expect(toasts(page).first()).toContainText('This is not a Discogs collection export or a Spindle CSV export');
    await expect(page.getByTestId('import-report')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose file' })).toBeEnabled();
    expect(await (await page.request.get('/api/collections')).json()).toEqual([]);
  });

  test('on the free plan, an import past its limits is refused with the reason, and nothing is saved', async ({ page }) => {
    const { email } = await signIn(page);
    updateUser(email, { subscription_status: 'canceled', has_had_paid_subscription: 1 });
    await page.goto('/import');
    const folders = [DISCOGS_HEADER, ...['A', 'B', 'C', 'D'].map((folder, i) => `X,Artist,Title ${i},L,LP,,1990,${i},${folder},,,,`)].join('\n');
    await chooseFile(page, 'four-folders.csv', folders);
    await expect(toasts(page).first()).toContainText('Subscription required');
    await expect(toasts(page).first()).toContainText('The free plan allows up to 3 collections; this import would make 4.');
    expect(await (await page.request.get('/api/collections')).json()).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no serious or critical axe finding in ${theme} mode`, async ({ page }) => {
      await signIn(page);
      await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
      await page.goto('/import');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expect(page.getByRole('button', { name: 'Choose file' })).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);
      await shoot(page, `import-empty-${theme}`);
      await chooseFile(page, 'discogs-export.csv', SMALL_EXPORT);
      await expect(page.getByTestId('import-report')).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await seriousAxeFindings(page)).toEqual([]);
      // At 390 px nothing makes the page scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot(page, `import-report-${theme}`);
    });
  }
});
