import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers';

/*
 * Fields side by side stay in line when one of them carries a hint or an error, and the record-store
 * form says which fields are required before anything fails.
 */

const top = async (locator: Locator) => (await locator.boundingBox())!.y;

async function expectSameTop(a: Locator, b: Locator) {
  expect(Math.abs((await top(a)) - (await top(b)))).toBeLessThanOrEqual(1);
}

async function openStoreForm(page: Page) {
  await signIn(page);
  await page.goto('/record-stores');
  await page.getByRole('button', { name: 'Add Your First Record Store' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Record Store' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('"Lent to" sits level with "Lent date", whose hint makes it taller', async ({ page }) => {
    await signIn(page);
    expect((await page.request.post('/api/collections', { data: { name: 'Crate' } })).status()).toBe(201);
    await page.goto('/album/new?collection=Crate');
    await page.getByLabel('Lent out to someone').check();
    await expectSameTop(page.getByLabel('Lent to'), page.getByLabel('Lent date'));
    await expectSameTop(page.locator('label[for="album-lent-to"]'), page.locator('label[for="album-lent-date"]'));
  });

  test('the record-store form marks its required fields before any attempt; an error does not push City out of line', async ({
    page,
  }) => {
    const dialog = await openStoreForm(page);
    for (const id of ['store-name', 'store-streetAddress', 'store-city', 'store-state']) {
      await expect(dialog.locator(`label[for="${id}"] + [data-required-mark]`)).toHaveText('*');
      await expect(dialog.locator(`#${id}`)).toHaveAttribute('aria-required', 'true');
    }
    for (const id of ['store-zipCode', 'store-country', 'store-website'])
      await expect(dialog.locator(`label[for="${id}"]`)).not.toContainText('*');
    // The mark is not part of the field's name.
    await expect(dialog.getByLabel('City', { exact: true })).toBeVisible();

    // Only State fails: City, beside it, stays level with it.
    await dialog.getByLabel('Store Name', { exact: true }).fill('Amoeba');
    await dialog.getByLabel('Street Address', { exact: true }).fill('6400 Sunset Blvd');
    await dialog.getByLabel('City', { exact: true }).fill('Los Angeles');
    await dialog.getByRole('button', { name: 'Add Store' }).click();
    await expect(dialog.getByText('State/Province is required')).toBeVisible();
    await expectSameTop(dialog.getByLabel('City', { exact: true }), dialog.getByLabel('State/Province', { exact: true }));
  });
});

for (const width of [390, 1280]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the record-store form with its marks and errors passes axe at ${width} px in ${colorScheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.addInitScript((theme) => localStorage.setItem('spindle-theme', theme), colorScheme);
      const dialog = await openStoreForm(page);
      await dialog.getByRole('button', { name: 'Add Store' }).click();
      await expect(dialog.getByText('City is required')).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);
    });
  }
}
