import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers';

const DISCOGS_HEADER =
  'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes';

async function chooseFile(page: Page, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Choose (another )?file/ }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

test('a refused row names its title and artist beside its row number and reason', async ({ page }) => {
  await signIn(page);
  await page.goto('/import');
  const csv = [
    DISCOGS_HEADER,
    'CL 1355,Miles Davis,Kind Of Blue,Columbia,LP,,1959,3,Shelf,2020-01-01 10:00:00,,,',
    `X,Someone Loud,${'Very long title '.repeat(20)},Label,LP,,1990,5,Shelf,2020-01-01,,,`,
  ].join('\r\n');
  await chooseFile(page, 'discogs.csv', csv);
  const refused = page.getByRole('list', { name: /^Refused/ });
  await expect(refused).toContainText('Row 3');
  await expect(refused).toContainText('Someone Loud');
  await expect(refused).toContainText('Very long title');
  await expect(refused).toContainText('Title must be at most 200 characters');
});

test('a wrong file: the reason stays beside the file field after the toast has gone, until another file is chosen', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/import');
  await chooseFile(page, 'page.html', '<!doctype html><html><body>Not a CSV</body></html>');
  const beside = page.locator('#import-file-error');
  await expect(beside).toContainText('Could not read the file: page.html');
  await expect(beside).toContainText('This is not a Discogs collection export or a Spindle CSV export');
  await expect(page.getByRole('button', { name: 'Choose file' })).toHaveAttribute('aria-describedby', 'import-file-error');
  // The toast closes by itself after 5 s; the reason beside the field does not.
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Could not read the file')).toHaveCount(0, {
    timeout: 15_000,
  });
  await expect(beside).toBeVisible();

  await chooseFile(
    page,
    'discogs.csv',
    [DISCOGS_HEADER, 'CL 1355,Miles Davis,Kind Of Blue,Columbia,LP,,1959,3,Shelf,2020-01-01 10:00:00,,,'].join('\n'),
  );
  await expect(page.getByTestId('import-report')).toBeVisible();
  await expect(beside).toHaveCount(0);
});

for (const width of [390, 1280]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the refusal beside the file field passes axe at ${width} px in ${colorScheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.addInitScript((theme) => localStorage.setItem('spindle-theme', theme), colorScheme);
      await signIn(page);
      await page.goto('/import');
      await chooseFile(page, 'page.html', '<!doctype html><html><body>Not a CSV</body></html>');
      await expect(page.locator('#import-file-error')).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);
    });
  }
}
