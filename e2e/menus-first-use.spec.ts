import { expect, test, type Page } from '@playwright/test';
import { pageErrors, signIn } from './support/helpers';

/*
 * Menus and selects sleep until first wanted (docs/decisions.md, "The first visit"): on the home the
 * server drew, each is a plain button until a press, a tap or a key wakes it. These journeys use each
 * one for the first time, the way a collector would, and check it behaves as Radix's own does.
 */

async function seed(page: Page) {
  expect((await page.request.post('/api/collections', { data: { name: 'Shelf' } })).status()).toBe(201);
  for (const album of [
    { title: 'Kind of Blue', artist: 'Miles Davis', releaseYear: 1959 },
    { title: 'Abbey Road', artist: 'The Beatles', releaseYear: 1969 },
    { title: 'Blue Train', artist: 'John Coltrane', releaseYear: 1957 },
  ]) {
    expect((await page.request.post('/api/albums', { data: { collection: 'Shelf', ...album } })).status()).toBe(201);
  }
}

const titles = (page: Page) => page.getByTestId('album-card').locator('h2').allTextContents();

/** The app has taken the server's drawing over (the measured grid places its items). */
const appTookOver = (page: Page) =>
  page.waitForFunction(() => document.querySelector<HTMLElement>('[role="listitem"]')?.style.position === 'absolute');

test('keyboard only: the sort field keeps the focus Tab gives it and opens with an arrow; a collection menu opens on its first item and Escape gives the focus back', async ({ page }) => {
  const errors = pageErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await seed(page);
  await page.goto('/collection?collection=Shelf');
  await appTookOver(page);

  const sort = page.getByLabel('Sort by');
  await page.getByLabel('Search').focus();
  for (let tabs = 0; tabs < 12 && !(await sort.evaluate((element) => element === document.activeElement)); tabs++) {
    await page.keyboard.press('Tab');
  }
  await expect(sort).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.getByRole('option', { name: 'Release year' }).press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(sort).toHaveText('Release year');
  await expect(sort).toBeFocused();
  await expect.poll(() => titles(page)).toEqual(['Blue Train', 'Kind of Blue', 'Abbey Road']);

  const actions = page.getByRole('button', { name: 'Actions for Shelf' });
  await actions.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(actions).toBeFocused();
  await expect(actions).toHaveAttribute('aria-expanded', 'false');
  expect(errors).toEqual([]);
});

test('a phone: a tap opens the sort field and the collection menu the first time', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await signIn(page);
  await seed(page);
  await page.goto('/collection?collection=Shelf');
  await appTookOver(page);

  await page.getByRole('button', { name: /^Filters/ }).tap();
  await page.getByLabel('Sort by').tap();
  await page.getByRole('option', { name: 'Artist' }).tap();
  await expect(page.getByLabel('Sort by')).toHaveText('Artist');
  await expect.poll(() => titles(page)).toEqual(['Abbey Road', 'Blue Train', 'Kind of Blue']);

  await page.getByRole('button', { name: 'Collection actions' }).tap();
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Rename' }).tap();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
