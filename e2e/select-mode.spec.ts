import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { expectStoredSelection, signIn } from './support/helpers';

/*
 * Select mode on the home (docs/product/albums.md#select-mode): tick albums with clicks, Shift-click
 * or the keyboard, then Move, Set… or Delete them in one call; at phone width and in both themes.
 */

/** Set to a directory to also keep screenshots (390 and 1280 px, light and dark). */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

const TITLES = ['Blue Train', 'Giant Steps', 'Kind of Blue', 'Mingus Ah Um', 'Time Out'];

async function seed(page: Page, titles = TITLES) {
  await signIn(page);
  for (const name of ['Attic', 'Basement']) {
    expect((await page.request.post('/api/collections', { data: { name } })).status()).toBe(201);
  }
  const ids: Record<string, number> = {};
  for (const title of titles) {
    const res = await page.request.post('/api/albums', { data: { collection: 'Attic', title, artist: 'Various' } });
    expect(res.status()).toBe(201);
    ids[title] = ((await res.json()) as { id: number }).id;
  }
  await page.goto('/collection?collection=Attic');
  await expectStoredSelection(page, 'Attic');
  await expect(page.getByTestId('album-card')).toHaveCount(titles.length);
  return ids;
}

const checkboxes = (page: Page) => page.getByRole('checkbox', { name: /^Select “/ });
const bar = (page: Page) => page.getByRole('region', { name: 'Selected albums' });
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

/** The titles of the ticked checkboxes, read from their names. */
async function tickedTitles(page: Page): Promise<string[]> {
  const names = await page.getByRole('checkbox', { name: /^Select “/, checked: true }).evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')!));
  return names.map((name) => /“(.*)”/.exec(name)![1]!);
}

async function albumsIn(page: Page, collection: string): Promise<string[]> {
  const albums = (await (await page.request.get('/api/albums')).json()) as { title: string; collection: string }[];
  return albums.filter((album) => album.collection === collection).map((album) => album.title).sort();
}

test('select three with a click and a Shift-click, move them to another collection', async ({ page }) => {
  await seed(page);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await expect(checkboxes(page)).toHaveCount(5);
  await expect(bar(page)).toContainText('0 selected');
  await checkboxes(page).nth(0).click();
  await checkboxes(page).nth(2).click({ modifiers: ['Shift'] });
  await expect(bar(page)).toContainText('3 selected');
  const moved = (await tickedTitles(page)).sort();
  expect(moved).toHaveLength(3);

  await bar(page).getByRole('button', { name: /^Move/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Move to collection' });
  await expect(dialog).toContainText('Move the 3 albums selected to another collection.');
  await dialog.getByRole('combobox', { name: 'Collection' }).click();
  await page.getByRole('option', { name: 'Basement' }).click();
  await dialog.getByRole('button', { name: 'Move' }).click();

  await expect(toast(page)).toContainText('3 albums moved');
  await expect(toast(page)).toContainText('They are now in “Basement”.');
  await expect(dialog).toBeHidden();
  // Select mode is left and the list read again: the three are gone from Attic.
  await expect(page.getByRole('button', { name: 'Select', exact: true })).toBeVisible();
  await expect(checkboxes(page)).toHaveCount(0);
  await expect(page.getByTestId('album-card')).toHaveCount(2);
  expect(await albumsIn(page, 'Basement')).toEqual(moved);

  await page.goto('/collection?collection=Basement');
  await expect(page.getByTestId('album-card')).toHaveCount(3);
});

test('Set… format sets it on every selected album; a click on a card ticks it rather than opening it', async ({ page }) => {
  const ids = await seed(page);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByTestId('select-overlay').first().click();
  await expect(page).toHaveURL(/collection=Attic/);
  await bar(page).getByRole('button', { name: 'Select all 5 shown' }).click();
  await expect(bar(page)).toContainText('5 selected');
  await expect(bar(page).getByRole('button', { name: 'Select all 5 shown' })).toBeDisabled();

  await bar(page).getByRole('button', { name: 'Set…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set a field' });
  await expect(dialog.getByRole('combobox', { name: 'Field' })).toHaveText('Format');
  await dialog.getByRole('combobox', { name: 'Format' }).click();
  await page.getByRole('option', { name: 'Double LP' }).click();
  await dialog.getByRole('button', { name: 'Set' }).click();
  await expect(toast(page)).toContainText('5 albums updated');
  await expect(toast(page)).toContainText('Format: Double LP.');
  await expect(checkboxes(page)).toHaveCount(0);
  for (const id of Object.values(ids)) {
    const album = (await (await page.request.get(`/api/albums/${id}`)).json()) as { format: string | null };
    expect(album.format).toBe('2LP');
  }

  // Location is typed; an empty one clears it.
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await checkboxes(page).first().click();
  await bar(page).getByRole('button', { name: 'Set…' }).click();
  await dialog.getByRole('combobox', { name: 'Field' }).click();
  await page.getByRole('option', { name: 'Location' }).click();
  await dialog.getByRole('textbox', { name: 'Location' }).fill('Shelf 3');
  await dialog.getByRole('button', { name: 'Set' }).click();
  await expect(toast(page)).toContainText('1 album updated');
  await expect(toast(page)).toContainText('Location: Shelf 3.');
});

test('Delete asks first, naming the count; a 404 shows the server message and keeps the selection', async ({ page }) => {
  const ids = await seed(page);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await checkboxes(page).nth(0).click();
  await checkboxes(page).nth(1).click();
  await bar(page).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 2 albums?' });
  await expect(confirm).toContainText('The 2 albums selected will be deleted, with their loans and notes. This cannot be undone.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(bar(page)).toContainText('2 selected');
  // While the dialog closes the page behind it is still hidden from assistive technology (and from
  // role queries): read the ticked boxes once it is gone.
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('checkbox', { name: /^Select “/, checked: true })).toHaveCount(2);

  // One of them deleted elsewhere: the call refuses as a whole and nothing changes.
  const [first] = await tickedTitles(page);
  expect((await page.request.delete(`/api/albums/${ids[first!]}`)).status()).toBe(200);
  await bar(page).getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete 2 albums' }).click();
  await expect(toast(page)).toContainText('Album not found');
  await expect(bar(page)).toContainText(/\d selected/);
  expect(await albumsIn(page, 'Attic')).toHaveLength(4);

  await page.reload();
  await expect(page.getByTestId('album-card')).toHaveCount(4);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await checkboxes(page).nth(0).click();
  await checkboxes(page).nth(1).click();
  await bar(page).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete 2 albums?' }).getByRole('button', { name: 'Delete 2 albums' }).click();
  await expect(toast(page)).toContainText('2 albums deleted');
  await expect(page.getByTestId('album-card')).toHaveCount(2);
  expect(await albumsIn(page, 'Attic')).toHaveLength(2);
});

test('keyboard only: Tab to the checkboxes, Space ticks, Shift+arrow extends, Escape leaves', async ({ page }) => {
  await seed(page);
  const select = page.getByRole('button', { name: 'Select', exact: true });
  await select.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Done' })).toBeFocused();
  // Past Add Album and the toolbar to the first checkbox.
  for (let i = 0; i < 30 && !(await checkboxes(page).first().evaluate((box) => box === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(checkboxes(page).first()).toBeFocused();
  await page.keyboard.press('Space');
  await expect(checkboxes(page).first()).toBeChecked();
  // Each key once the page shows what the last one did, as a person sees it (the bar's code loads on
  // the first tick).
  await expect(bar(page)).toContainText('1 selected');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(bar(page)).toContainText('2 selected');
  await expect(checkboxes(page).nth(1)).toBeFocused();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(checkboxes(page).nth(2)).toBeFocused();
  await expect(bar(page)).toContainText('3 selected');
  await page.keyboard.press('Space');
  await expect(bar(page)).toContainText('2 selected');
  // The card's link is out of the way: the next Tab is the next checkbox.
  await page.keyboard.press('Tab');
  await expect(checkboxes(page).nth(3)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(checkboxes(page)).toHaveCount(0);
  await expect(select).toBeFocused();
  await expect(page.getByRole('link', { name: /Blue Train/ })).toBeVisible();
});

test('two Shift+arrow presses right after entering Select mode, without waiting, both count', async ({ page }) => {
  await seed(page);
  const select = page.getByRole('button', { name: 'Select', exact: true });
  await select.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Done' })).toBeFocused();
  await checkboxes(page).first().focus();
  // A fast typist: Space and two Shift+arrows before the page has drawn any of them (the bar's code
  // is still loading on the first tick).
  await page.keyboard.press('Space');
  // Two Shift+arrows that reach the page in consecutive tasks before it draws a frame, as queued keys
  // do on a busy phone: each goes to whatever has the focus at that moment.
  await page.evaluate(async () => {
    const shiftRight = () =>
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', code: 'ArrowRight', shiftKey: true, bubbles: true, cancelable: true }));
    shiftRight();
    await new Promise((resolve) => setTimeout(resolve, 0));
    shiftRight();
  });
  await expect(bar(page)).toContainText('3 selected');
  expect(await tickedTitles(page)).toEqual(TITLES.slice(0, 3));
  await expect(checkboxes(page).nth(2)).toBeFocused();
});

test('the compact list has a checkbox per row', async ({ page }) => {
  await seed(page);
  await page.getByRole('button', { name: 'Select', exact: true }).click();
  await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'List view' }).click();
  await expect(page.getByTestId('album-row')).toHaveCount(5);
  await expect(checkboxes(page)).toHaveCount(5);
  await checkboxes(page).nth(1).click();
  await checkboxes(page).nth(3).click({ modifiers: ['Shift'] });
  await expect(bar(page)).toContainText('3 selected');
});

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: the bar fits a phone, its targets are large, and axe finds nothing serious at 390 and 1280 px`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await seed(page);
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await checkboxes(page).nth(0).click();
    await checkboxes(page).nth(1).click();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.waitForTimeout(200);
      const box = (await bar(page).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      for (const button of await bar(page).getByRole('button').all()) {
        expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
      expect((await checkboxes(page).first().boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect(await seriousAxeFindings(page)).toEqual([]);
      if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `select-mode-${width}-${theme}.png`), fullPage: true });
    }
    await bar(page).getByRole('button', { name: 'Set…' }).click();
    await expect(page.getByRole('dialog', { name: 'Set a field' })).toBeVisible();
    expect(await seriousAxeFindings(page)).toEqual([]);
    if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `select-mode-set-1280-${theme}.png`) });
  });
}
