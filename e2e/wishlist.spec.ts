import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { PASSWORD, registerViaApi, signIn, updateUser } from './support/helpers';

// A modal dialog hides the rest of the page from the accessibility tree (Radix), the toast region too.
const toast = (page: Page) =>
  page.getByRole('region', { name: /Notifications/, includeHidden: true }).getByRole('listitem', { includeHidden: true });
const cards = (page: Page) => page.getByTestId('wish-card');
const card = (page: Page, title: string) => cards(page).filter({ hasText: title });
const count = (page: Page) => page.getByTestId('wish-count');

async function collection(page: Page, name: string) {
  expect((await page.request.post('/api/collections', { data: { name } })).status()).toBe(201);
}

async function addWish(page: Page, data: Record<string, unknown>): Promise<number> {
  const res = await page.request.post('/api/wishlist', { data: { allowOwned: true, ...data } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function chooseOption(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('the wish list page', () => {
  test('the header menu leads to it; an empty list says so and adds the first wish', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await page.goto('/profile');
    await page.getByRole('banner').getByRole('button', { name: /^Open menu for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Wish List' })).toHaveAttribute('href', '/wishlist');
    await page.getByRole('menuitem', { name: 'Wish List' }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Wish List' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your wish list is empty' })).toBeVisible();
    // The same frame as every signed-in page.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Spindle' })).toBeVisible();

    await page.getByRole('link', { name: 'Add to wish list' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add to Wish List' })).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill('Blue Train');
    await page.getByLabel('Artist', { exact: true }).fill('John Coltrane');
    await chooseOption(page, 'Priority', 'Must have');
    await page.getByLabel('Max price (USD)').fill('35,50');
    await chooseOption(page, 'Format', 'Vinyl LP');
    await page.getByRole('textbox', { name: 'Pressing' }).fill('Tone Poet, 180 g');
    await page.getByRole('button', { name: 'Save Wish' }).click();

    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(toast(page).filter({ hasText: 'Added to your wish list' })).toContainText('“Blue Train” by John Coltrane is on your wish list.');
    const added = card(page, 'Blue Train');
    await expect(added).toContainText('John Coltrane');
    await expect(added).toContainText('Vinyl LP · Tone Poet, 180 g');
    await expect(added.getByTestId('wish-priority')).toHaveText('Must have');
    await expect(added).toContainText('Up to $35.50');
    await expect(count(page)).toHaveText('1 record');
  });

  test('the form checks fields with the server messages; edit, filter by format and delete', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await addWish(page, { title: 'Kind of Blue', artist: 'Miles Davis', format: 'LP', priority: 2 });
    await addWish(page, { title: 'Mezzanine', artist: 'Massive Attack', format: 'CD', priority: 3 });
    await addWish(page, { title: 'Blue Lines', artist: 'Massive Attack', format: 'LP', priority: 1 });
    await page.goto('/wishlist');
    // Must have first, then want, then maybe.
    await expect(cards(page).getByRole('heading')).toHaveText(['Blue Lines', 'Kind of Blue', 'Mezzanine']);
    await expect(count(page)).toHaveText('3 records');

    await chooseOption(page, 'Filter by format', 'Vinyl LP');
    await expect(page).toHaveURL(/\/wishlist\?format=LP$/);
    await expect(cards(page).getByRole('heading')).toHaveText(['Blue Lines', 'Kind of Blue']);
    await expect(count(page)).toHaveText('2 of 3 records');
    await page.reload();
    await expect(cards(page).getByRole('heading')).toHaveText(['Blue Lines', 'Kind of Blue']);
    await chooseOption(page, 'Filter by format', 'Box set');
    await expect(page.getByRole('heading', { name: 'No wishes in this format' })).toBeVisible();
    await page.getByRole('button', { name: 'Show all formats' }).click();
    await expect(cards(page)).toHaveCount(3);

    await card(page, 'Mezzanine').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Wish' })).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Mezzanine');
    await page.getByLabel('Title', { exact: true }).fill('');
    await page.getByRole('region', { name: 'Pressing & notes' }).getByLabel('Barcode', { exact: true }).fill('4006381333932');
    await page.getByRole('button', { name: 'Save Wish' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveAccessibleDescription('Title is required');
    await expect(page.getByRole('region', { name: 'Pressing & notes' }).getByLabel('Barcode', { exact: true })).toHaveAccessibleDescription(
      /Barcode check digit is wrong/,
    );
    await page.getByLabel('Title', { exact: true }).fill('Mezzanine (Deluxe)');
    await page.getByRole('region', { name: 'Pressing & notes' }).getByLabel('Barcode', { exact: true }).fill('');
    await chooseOption(page, 'Priority', 'Must have');
    await page.getByRole('button', { name: 'Save Wish' }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(toast(page).filter({ hasText: 'Wish updated' })).toBeVisible();
    await expect(card(page, 'Mezzanine (Deluxe)').getByTestId('wish-priority')).toHaveText('Must have');
    // Both must have now: the newer wish first.
    await expect(cards(page).getByRole('heading')).toHaveText(['Blue Lines', 'Mezzanine (Deluxe)', 'Kind of Blue']);

    await page.getByRole('button', { name: 'Delete Kind of Blue' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “Kind of Blue”?' });
    await expect(confirm).toContainText('It will be removed from your wish list. This cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete wish' }).click();
    await expect(toast(page).filter({ hasText: 'Wish deleted' })).toBeVisible();
    await expect(cards(page)).toHaveCount(2);
    await expect(count(page)).toHaveText('2 records');
  });

  test('signed out, a prefilled link leads to login and back to the prefilled form', async ({ page, request }) => {
    // Registered from another context: this browser stays signed out.
    const { email } = await registerViaApi(request);
    await page.goto('/wishlist/new?title=Blue%20Train&artist=John%20Coltrane&format=LP');
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/wishlist\/new\?title=Blue%20Train&artist=John%20Coltrane&format=LP$/);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Blue Train');
    await expect(page.getByRole('combobox', { name: 'Format' })).toHaveText('Vinyl LP');
  });

  test('a record already owned: "You own this album" lists the copies, Add Anyway adds it; the address prefills the form', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await collection(page, 'Main Shelf');
    const res = await page.request.post('/api/albums', { data: { title: 'Blue Train', artist: 'John Coltrane', collection: 'Main Shelf', format: 'LP' } });
    const album = (await res.json()) as { id: number };
    await page.goto('/wishlist/new?title=blue%20train&artist=John%20Coltrane&barcode=4006381333931&catalogNumber=BLP%201577&format=2LP');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('blue train');
    await expect(page.getByLabel('Catalogue number')).toHaveValue('BLP 1577');
    await expect(page.getByRole('region', { name: 'Pressing & notes' }).getByLabel('Barcode', { exact: true })).toHaveValue('4006381333931');
    await expect(page.getByRole('combobox', { name: 'Format' })).toHaveText('Double LP');
    await page.getByRole('button', { name: 'Save Wish' }).click();

    const notice = page.getByRole('region', { name: 'You own this album' });
    await expect(notice).toContainText('You own this album: "blue train" by John Coltrane is already in your collection.');
    await expect(notice.getByRole('link', { name: 'Main Shelf · Vinyl LP' })).toHaveAttribute('href', `/album/${album.id}`);
    await expect(notice.getByRole('heading', { name: 'You own this album' })).toBeFocused();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await notice.getByRole('button', { name: 'Add Anyway' }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(card(page, 'blue train')).toContainText('Double LP');
  });

  test('Got it: the wish becomes an album in the chosen collection and leaves the list', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await collection(page, 'Main Shelf');
    await collection(page, 'Jazz');
    await page.request.post('/api/albums', { data: { title: 'Giant Steps', artist: 'John Coltrane', collection: 'Jazz' } });
    await addWish(page, { title: 'Giant Steps', artist: 'John Coltrane', format: 'LP', maxPrice: 40 });
    await addWish(page, { title: 'Moanin’', artist: 'Art Blakey' });
    // The home selected Jazz last: Got it starts there.
    await page.addInitScript(() => localStorage.setItem('selectedCollection', 'Jazz'));
    await page.goto('/wishlist');

    await page.getByRole('button', { name: 'Got it: Giant Steps' }).click();
    const dialog = page.getByRole('dialog', { name: 'Got it!' });
    await expect(dialog.getByRole('combobox', { name: 'Collection' })).toHaveText('Jazz');
    await dialog.getByRole('button', { name: 'Add to collection' }).click();
    // Already in Jazz: the album's duplicate question, with Add Anyway.
    await expect(dialog.getByRole('alert')).toContainText('Would you like to add it anyway?');
    await expect(dialog.getByRole('button', { name: 'Add Anyway' })).toBeVisible();
    await chooseOption(page, 'Collection', 'Main Shelf');
    await expect(dialog.getByRole('alert')).toBeHidden();
    await dialog.getByLabel('Price (USD)').fill('-3');
    await dialog.getByRole('button', { name: 'Add to collection' }).click();
    await expect(dialog.getByLabel('Price (USD)')).toHaveAccessibleDescription(/negative/);
    await dialog.getByLabel('Price (USD)').fill('32.00');
    await dialog.getByLabel('Purchase location').fill('Record fair');
    await dialog.getByRole('button', { name: 'Add to collection' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page).filter({ hasText: 'Added to your collection' })).toContainText('“Giant Steps” is now in “Main Shelf”.');
    await expect(cards(page)).toHaveCount(1);

    const albums = (await (await page.request.get('/api/albums')).json()) as { title: string; collection: string; price: number | null; format: string | null }[];
    expect(albums.filter((a) => a.collection === 'Main Shelf')).toEqual([expect.objectContaining({ title: 'Giant Steps', price: 32, format: 'LP' })]);
    await page.goto('/collection?collection=Main%20Shelf');
    await expect(page.getByTestId('album-card').filter({ hasText: 'Giant Steps' })).toBeVisible();
  });

  test('Fill in from MusicBrainz on a wish: the pressing’s catalogue number, release and cover are filled and saved', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await page.goto('/wishlist/new');
    await page.getByLabel('Title', { exact: true }).fill('Kind of Blue');
    await page.getByLabel('Artist', { exact: true }).fill('Miles Davis');
    await page.getByRole('region', { name: 'Fill in from MusicBrainz' }).getByRole('button', { name: 'Find pressings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose your pressing' });
    await dialog.getByRole('list', { name: 'Pressings' }).getByRole('button').first().click();
    await expect(dialog).toBeHidden();
    await expect(toast(page).filter({ hasText: 'Filled in from MusicBrainz' })).toBeVisible();
    await expect(page.getByLabel('Catalogue number')).toHaveValue('CL 1355');
    const cover = page.getByTestId('cover-art-picker').getByRole('img', { name: 'Current cover art' });
    await expect(cover).toHaveAttribute('src', /^\/api\/cover-art\//);
    await page.getByRole('button', { name: 'Save Wish' }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    const wishes = (await (await page.request.get('/api/wishlist')).json()) as Record<string, unknown>[];
    expect(wishes).toEqual([expect.objectContaining({ title: 'Kind of Blue', catalogNumber: 'CL 1355', musicbrainzReleaseId: expect.any(String), coverUrl: expect.stringMatching(/^\/api\/cover-art\//) })]);
  });

  test('the gift list link: shared, copied, disabled', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    await addWish(page, { title: 'Blue Lines', artist: 'Massive Attack', maxPrice: 30 });
    await page.goto('/wishlist');
    await page.getByRole('button', { name: 'Share gift list' }).click();
    const field = page.getByLabel('Gift list link');
    await expect(field).toHaveValue(/\/wishlist\/shared\/[\w-]{32}$/);
    const link = await field.inputValue();
    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page).filter({ hasText: 'Link Copied' })).toBeVisible();
    const token = link.split('/').pop()!;
    const shared = await page.request.get(`/api/wishlist/shared/${token}`);
    expect(shared.status()).toBe(200);
    expect(await shared.json()).toEqual([expect.objectContaining({ title: 'Blue Lines' })]);

    await page.getByRole('button', { name: 'Disable link' }).click();
    await expect(toast(page).filter({ hasText: 'Gift list link disabled' })).toBeVisible();
    await expect(field).toBeHidden();
    expect((await page.request.get(`/api/wishlist/shared/${token}`)).status()).toBe(404);
  });

  test('the free tier: the 51st wish shows the server’s message and keeps what was typed', async ({ page }) => {
    const { email } = await signIn(page);
    updateUser(email, { subscription_status: 'canceled', has_had_paid_subscription: 1 });
    for (let i = 1; i <= 50; i++) await addWish(page, { title: `Wish ${i}`, artist: 'Someone' });
    await page.goto('/wishlist/new');
    await page.getByLabel('Title', { exact: true }).fill('One too many');
    await page.getByLabel('Artist', { exact: true }).fill('Someone');
    await page.getByRole('button', { name: 'Save Wish' }).click();
    await expect(toast(page).filter({ hasText: 'Error' })).toContainText('The free plan allows up to 50 wish list items. Please subscribe to add more.');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('One too many');
  });

  test('keyboard only: add a wish, open Got it and close it, focus returns', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await collection(page, 'Main Shelf');
    await page.goto('/wishlist');
    const add = page.getByRole('link', { name: 'Add to wish list' });
    await expect(add).toBeVisible();
    for (let i = 0; i < 20 && !(await add.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(add).toBeFocused();
    await page.keyboard.press('Enter');
    // The title has the focus on a new wish.
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    await page.keyboard.type('Heldon IV');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Heldon');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/wishlist$/);
    const gotIt = page.getByRole('button', { name: 'Got it: Heldon IV' });
    for (let i = 0; i < 20 && !(await gotIt.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(gotIt).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Got it!' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(gotIt).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('combobox', { name: 'Collection' })).toHaveText('Main Shelf');
    await dialog.getByRole('button', { name: 'Add to collection' }).focus();
    await page.keyboard.press('Enter');
    await expect(toast(page).filter({ hasText: 'Added to your collection' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your wish list is empty' })).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no serious or critical axe finding in ${theme} mode at 1280 and 390 px`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page);
      await collection(page, 'Main Shelf');
      await addWish(page, { title: 'Blue Lines', artist: 'Massive Attack', format: 'LP', pressing: '2012 remaster', maxPrice: 30, priority: 1 });
      await addWish(page, { title: 'Mezzanine', artist: 'Massive Attack', format: 'CD', priority: 2 });
      await addWish(page, { title: 'Protection', artist: 'Massive Attack', priority: 3 });
      await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
      await page.goto('/wishlist');
      await expect(cards(page)).toHaveCount(3);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await page.getByRole('button', { name: 'Share gift list' }).click();
      await expect(page.getByLabel('Gift list link')).toBeVisible();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        expect(await seriousAxeFindings(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: test.info().outputPath(`wishlist-${theme}-${width}.png`), fullPage: true });
        await page.getByRole('button', { name: 'Got it: Blue Lines' }).click();
        expect(await seriousAxeFindings(page)).toEqual([]);
        await page.keyboard.press('Escape');
      }
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.goto('/wishlist/new');
        await expect(page.getByRole('heading', { level: 1, name: 'Add to Wish List' })).toBeVisible();
        expect(await seriousAxeFindings(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    });
  }
});
