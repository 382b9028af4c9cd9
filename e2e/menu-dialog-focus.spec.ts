import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectStoredSelection, registerViaApi, signIn } from './support/helpers';

/*
 * Every menu entry that opens a dialog, chosen with the pointer (as most people do) at a phone's and a
 * desktop's width: the dialog takes focus and keeps it once the menu has finished closing. A closing
 * menu hands focus back to its button after its animation; if that lands after the dialog took focus,
 * focus sits behind the overlay where nothing can be reached.
 */

const ADMIN = { username: 'admin@spindle.test', password: 'admin-password-e2e' };

async function expectDialogHoldsFocus(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
  // Past any closing animation of the menu (120 ms) on a loaded machine.
  await page.waitForTimeout(400);
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Opens the menu behind `trigger` with the pointer and clicks `item`. */
async function clickMenuItem(page: Page, trigger: Locator, item: string) {
  await trigger.click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function seed(page: Page) {
  await signIn(page);
  for (const name of ['Attic', 'Basement'])
    expect((await page.request.post('/api/collections', { data: { name } })).status()).toBe(201);
  await page.goto('/collection?collection=Attic');
  await expectStoredSelection(page, 'Attic');
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px, a dialog opened from a menu with the pointer holds focus`, () => {
    test.use({ viewport: { width, height: 850 } });

    test('header menu: Share Collection, Export to CSV', async ({ page }) => {
      await seed(page);
      const menuButton = page.getByRole('button', { name: /^Open menu for / });
      await clickMenuItem(page, menuButton, 'Share Collection');
      await expectDialogHoldsFocus(page, page.getByRole('dialog', { name: 'Share Collection' }));
      await clickMenuItem(page, menuButton, 'Export to CSV');
      await expectDialogHoldsFocus(page, page.getByRole('dialog', { name: 'Export to CSV' }));
    });

    test('collection menus: Rename and Delete from the title, and from the sidebar or drawer row', async ({ page }) => {
      await seed(page);
      const titleMenu = page.getByRole('button', { name: 'Collection actions' });
      await clickMenuItem(page, titleMenu, 'Rename');
      await expectDialogHoldsFocus(page, page.getByRole('dialog', { name: 'Rename collection' }));
      await clickMenuItem(page, titleMenu, 'Delete');
      await expectDialogHoldsFocus(page, page.getByRole('alertdialog', { name: 'Delete “Attic”?' }));

      for (const item of ['Rename', 'Delete']) {
        // On a phone the rows live in the drawer, which closes as the dialog opens.
        if (width < 769) await page.getByRole('button', { name: 'Open collections' }).click();
        await clickMenuItem(page, page.getByRole('button', { name: 'Actions for Basement' }), item);
        const dialog =
          item === 'Rename'
            ? page.getByRole('dialog', { name: 'Rename collection' })
            : page.getByRole('alertdialog', { name: 'Delete “Basement”?' });
        await expectDialogHoldsFocus(page, dialog);
      }
    });

    test('admin row menu: Edit User, Manage Subscription, Delete User', async ({ page }) => {
      const { email } = await registerViaApi(page.request);
      await page.request.post('/api/logout');
      expect((await page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
      await page.goto('/admin');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
      const row = page.getByTestId('admin-user-row').filter({ hasText: email });
      await expect(row).toHaveCount(1);
      const trigger = row.getByRole('button', { name: `Actions for ${email}` });
      for (const item of ['Edit User', 'Manage Subscription', 'Delete User']) {
        await clickMenuItem(page, trigger, item);
        await expectDialogHoldsFocus(page, page.getByRole('dialog').or(page.getByRole('alertdialog')));
      }
    });
  });
}
