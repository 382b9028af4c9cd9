import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers';

/*
 * Covers and details found after an import (docs/product/import.md#covers-and-details-found-after-an-import):
 * the import page's choice, the home's progress line with pause and resume, and the import page's
 * report of what was found and what could not be matched. The fake MusicBrainz knows Kind of Blue and
 * Rumours, not the third album.
 */

const SHOTS = process.env.SCREENSHOT_DIR;
const HEADER =
  'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes';
const EXPORT = [
  HEADER,
  ',Miles Davis,Kind of Blue,,LP,,,,Jazz Shelf,2020-01-01,,,',
  ',Fleetwood Mac,Rumours,,LP,,,,Jazz Shelf,2020-01-01,,,',
  ',Nobody Known,Never Pressed Anywhere,,LP,,,,Jazz Shelf,2020-01-01,,,',
].join('\r\n');

async function importWithLookups(page: Page) {
  await page.goto('/import');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: Buffer.from(EXPORT) });
  const choice = page.getByRole('checkbox', { name: 'Find covers and details for the 3 new albums' });
  await expect(choice).toBeChecked();
  await page.getByRole('button', { name: 'Import 3 albums' }).click();
  await expect(page).not.toHaveURL(/\/import$/);
}

async function expectNoSeriousFindings(page: Page) {
  expect(await seriousAxeFindings(page)).toEqual([]);
}

test('the home shows the lookups with pause and resume; the import page reports what was not matched', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await importWithLookups(page);

  const line = page.getByTestId('enrichment-line');
  await expect(line.getByRole('status')).toHaveText(/^Finding covers: \d of 3$/);
  await line.getByRole('button', { name: 'Pause' }).press('Enter');
  await expect(line.getByRole('status')).toHaveText(/^Finding covers paused: \d of 3$/);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate((theme) => localStorage.setItem('spindle-theme', theme), colorScheme);
    await page.reload();
    await expect(line.getByRole('status')).toHaveText(/^Finding covers paused: \d of 3$/);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousFindings(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/enrichment-home-${colorScheme}-${width}.png` });
    }
  }
  await line.getByRole('button', { name: 'Resume' }).press('Enter');
  // The line goes once every album was looked up (MusicBrainz's pace: about a second per call).
  await expect(line).toBeHidden({ timeout: 45_000 });

  await page.goto('/import');
  const panel = page.getByTestId('enrichment-panel');
  await expect(panel).toContainText('Found covers and details for 2 of 3 albums; 1 could not be matched.');
  await expect(panel.getByTestId('enrichment-unmatched')).toHaveText('Nobody Known – Never Pressed Anywhere (Jazz Shelf)');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate((theme) => localStorage.setItem('spindle-theme', theme), colorScheme);
    await page.reload();
    await expect(panel).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousFindings(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/enrichment-import-${colorScheme}-${width}.png`, fullPage: true });
    }
  }
});
