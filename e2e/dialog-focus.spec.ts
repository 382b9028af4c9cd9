import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectStoredSelection, signIn } from './support/helpers';

/*
 * Keyboard only (docs/product/collections.md#dialogs): every dialog takes focus when it opens, from a
 * button, a menu or the drawer, and keeps it; closing it returns focus to what opened it (the menu's
 * button when a menu item opened it, "Open collections" when the drawer that held the opener is gone).
 */

async function seed(page: Page, names = ['Attic', 'Basement']) {
  await signIn(page);
  for (const name of names) expect((await page.request.post('/api/collections', { data: { name } })).status()).toBe(201);
  await page.goto(`/collection?collection=${names[0]}`);
  await expectStoredSelection(page, names[0]!);
}

/**
 * Focus is inside the dialog and stays there once every menu or drawer that was closing has gone
 * (the thief once was a closing menu handing focus back to its button after its animation).
 */
async function expectFocusInside(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.locator('[role="dialog"][data-state="closed"]')).toHaveCount(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

/** Escape closes the dialog and focus lands on `opener`. */
async function closeAndExpectFocusOn(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** Opens the menu of the focused button with Enter and picks `item` by typing its name. */
async function pickFromMenu(page: Page, trigger: Locator, item: string) {
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.type(item.slice(0, 4));
  await expect(page.getByRole('menuitem', { name: item })).toBeFocused();
  await page.keyboard.press('Enter');
}

test.describe('dialogs take focus and give it back', () => {
  test('header menu: Share Collection and Export to CSV right after the page loads', async ({ page }) => {
    await seed(page);
    const menuButton = page.getByRole('button', { name: /^Open menu for / });

    await pickFromMenu(page, menuButton, 'Share Collection');
    const share = page.getByRole('dialog', { name: 'Share Collection' });
    await expectFocusInside(page, share);
    await expect(share.getByRole('button', { name: 'Create Share Link' })).toBeFocused();
    await closeAndExpectFocusOn(page, share, menuButton);

    await pickFromMenu(page, menuButton, 'Export to CSV');
    const exportDialog = page.getByRole('dialog', { name: 'Export to CSV' });
    await expectFocusInside(page, exportDialog);
    await closeAndExpectFocusOn(page, exportDialog, menuButton);
  });

  test('collection menus: Rename and Delete from the title and from a sidebar row; New collection', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await seed(page);
    const titleMenu = page.getByRole('button', { name: 'Collection actions' });

    await pickFromMenu(page, titleMenu, 'Rename');
    const rename = page.getByRole('dialog', { name: 'Rename collection' });
    await expectFocusInside(page, rename);
    await expect(rename.getByLabel('Name')).toBeFocused();
    await closeAndExpectFocusOn(page, rename, titleMenu);

    await pickFromMenu(page, titleMenu, 'Delete');
    const remove = page.getByRole('alertdialog', { name: 'Delete “Attic”?' });
    await expectFocusInside(page, remove);
    await expect(remove.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await closeAndExpectFocusOn(page, remove, titleMenu);

    const rowMenu = page.getByRole('button', { name: 'Actions for Basement' });
    await pickFromMenu(page, rowMenu, 'Rename');
    await expectFocusInside(page, rename);
    await expect(rename.getByLabel('Name')).toHaveValue('Basement');
    await closeAndExpectFocusOn(page, rename, rowMenu);

    const newCollection = page.getByRole('navigation', { name: 'Collections' }).getByRole('button', { name: 'New collection' });
    await newCollection.focus();
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'New collection' });
    await expectFocusInside(page, create);
    await closeAndExpectFocusOn(page, create, newCollection);
  });

  test('at 768 px, from the drawer: New collection and Rename keep focus and typed text; closing returns to "Open collections"', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await seed(page);
    const openDrawer = page.getByRole('button', { name: 'Open collections' });
    const drawer = page.getByRole('dialog', { name: 'Collections' });

    await openDrawer.focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'New collection' }).focus();
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'New collection' });
    await expectFocusInside(page, create);
    await expect(create.getByLabel('Name')).toBeFocused();
    // A space typed here once reached "Open collections" and opened the drawer again.
    await page.keyboard.type('Living room');
    await expect(create.getByLabel('Name')).toHaveValue('Living room');
    await expect(drawer).toHaveCount(0);
    await closeAndExpectFocusOn(page, create, openDrawer);

    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    await pickFromMenu(page, drawer.getByRole('button', { name: 'Actions for Basement' }), 'Rename');
    const rename = page.getByRole('dialog', { name: 'Rename collection' });
    await expectFocusInside(page, rename);
    await expect(rename.getByLabel('Name')).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type(' stairs');
    await expect(rename.getByLabel('Name')).toHaveValue('Basement stairs');
    await closeAndExpectFocusOn(page, rename, openDrawer);
  });
});

test.describe('Escape with an error toast on screen', () => {
  test('one Escape closes the dialog the error came from; the toast stays to be read', async ({ page }) => {
    await seed(page);
    const newCollection = page.getByRole('navigation', { name: 'Collections' }).getByRole('button', { name: 'New collection' });
    await newCollection.focus();
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'New collection' });
    await expectFocusInside(page, create);
    await page.keyboard.type('Attic');
    await page.keyboard.press('Enter');
    const toast = page.locator('li[data-variant="destructive"]');
    await expect(toast).toBeVisible();
    await expect(create.getByLabel('Name')).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(create).toBeHidden();
    await expect(newCollection).toBeFocused();
    await expect(toast).toBeVisible();
  });

  test('the delete confirmation closes with one Escape too', async ({ page }) => {
    await seed(page);
    await page.route('**/api/collections/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, json: { message: 'Internal server error' } })
        : route.fallback(),
    );
    await pickFromMenu(page, page.getByRole('button', { name: 'Collection actions' }), 'Delete');
    const remove = page.getByRole('alertdialog', { name: 'Delete “Attic”?' });
    await expectFocusInside(page, remove);
    await page.keyboard.press('Tab');
    await expect(remove.getByRole('button', { name: 'Delete collection' })).toBeFocused();
    await page.keyboard.press('Enter');
    const toast = page.locator('li[data-variant="destructive"]');
    await expect(toast).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(remove).toBeHidden();
    await expect(page.getByRole('button', { name: 'Collection actions' })).toBeFocused();
    await expect(toast).toBeVisible();
  });
});
