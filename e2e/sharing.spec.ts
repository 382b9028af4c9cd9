import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { registerViaApi, signIn, uniqueEmail } from './support/helpers';

const MALICIOUS_TITLE = '<img src=x onerror=alert(1)>';

const ALBUMS = [
  { title: 'Kind of Blue', artist: 'Miles Davis' },
  { title: 'Blue Train', artist: 'John Coltrane' },
  { title: 'A Love Supreme', artist: 'John Coltrane' },
  { title: MALICIOUS_TITLE, artist: 'Nina Simone' },
];

// A modal dialog hides the rest of the page from the accessibility tree (Radix), the toast region too.
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/, includeHidden: true });
const toast = (page: Page) => toasts(page).getByRole('listitem', { includeHidden: true });
const cardTitles = (page: Page) => page.getByTestId('shared-album-card').getByRole('heading');

/** A collector (Ann Smith) with one collection of ALBUMS, made through the API of `request`'s session. */
async function collectionWithAlbums(request: APIRequestContext, name = 'Living Room Shelf', albums = ALBUMS) {
  const created = await request.post('/api/collections', { data: { name } });
  expect(created.status()).toBe(201);
  const collection = (await created.json()) as { id: number; name: string };
  for (const album of albums) {
    const res = await request.post('/api/albums', { data: { ...album, collection: name, price: 19.99, isLent: true, lentTo: 'Secret Borrower' } });
    expect(res.status()).toBe(201);
  }
  return collection;
}

async function shareViaApi(request: APIRequestContext, collectionId: number): Promise<string> {
  const res = await request.post(`/api/collections/${collectionId}/share`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { shareToken: string }).shareToken;
}

/** A fresh, signed-out browser context: what a friend who got the link has. */
async function visitorPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, context, dialogs };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openShareDialog(page: Page, collectionName: string) {
  await page.goto(`/collection?collection=${encodeURIComponent(collectionName)}`);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('menuitem', { name: 'Share Collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Collection' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('share dialog and its states', () => {
  test('create a link, a visitor opens it, disable it and the link is dead', async ({ page, browser, baseURL, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, (await registerViaApi(page.request, uniqueEmail('ann'), 'Ann', 'Smith')).email);
    await collectionWithAlbums(page.request);

    // No link yet.
    let dialog = await openShareDialog(page, 'Living Room Shelf');
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Create Share Link' }).click();
    await expect(toast(page)).toContainText('view-only access');

    // A link: the site origin and /shared/{token}, read-only, with Copy.
    const field = dialog.getByRole('textbox', { name: 'Share link' });
    await expect(field).toHaveValue(new RegExp(`^${baseURL}/shared/[A-Za-z0-9_-]{22,}$`));
    await expect(field).toHaveAttribute('readonly', '');
    const link = await field.inputValue();
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect(toast(page)).toContainText('Share link copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Reopened, a shared collection starts in the link state.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    dialog = await openShareDialog(page, 'Living Room Shelf');
    await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(link);

    const visitor = await visitorPage(browser, baseURL);
    await visitor.page.goto(link);
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Living Room Shelf' })).toBeVisible();
    await expect(visitor.page.getByText('Shared by Ann Smith')).toBeVisible();
    await expect(visitor.page.getByTestId('shared-album-count')).toHaveText('4 albums');
    await expect(cardTitles(visitor.page)).toHaveText([MALICIOUS_TITLE, 'A Love Supreme', 'Blue Train', 'Kind of Blue']);
    await choose(visitor.page, 'Artist', 'John Coltrane');
    await visitor.page.getByRole('button', { name: 'Ascending' }).click();
    await expect(cardTitles(visitor.page)).toHaveText(['Blue Train', 'A Love Supreme']);
    await expect(visitor.page.locator('img[src="x"]')).toHaveCount(0);
    expect(visitor.dialogs).toEqual([]);

    // Disable Sharing → no link again, and the old link is dead.
    await dialog.getByRole('button', { name: 'Disable Sharing' }).click();
    await expect(toast(page)).toContainText('Sharing disabled');
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Create Share Link' })).toBeFocused();

    await visitor.page.reload();
    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Collection Not Found' })).toBeVisible();
    await expect(visitor.page.getByText('This shared collection link is invalid or has been disabled')).toBeVisible();
    expect(visitor.dialogs).toEqual([]);
    await visitor.context.close();

    // A new link is a new token: the old one stays dead.
    await dialog.getByRole('button', { name: 'Create Share Link' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Share link' })).not.toHaveValue(link);
  });

  test('failures say "Failed to create share link" and "Failed to disable sharing", and change nothing', async ({ page }) => {
    await signIn(page);
    await collectionWithAlbums(page.request, 'Stubborn Shelf', []);
    const dialog = await openShareDialog(page, 'Stubborn Shelf');

    await page.route('**/api/collections/*/share', (route) => route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }));
    await dialog.getByRole('button', { name: 'Create Share Link' }).click();
    await expect(toast(page)).toContainText('Failed to create share link');
    await expect(dialog.getByRole('textbox')).toHaveCount(0);

    await page.unroute('**/api/collections/*/share');
    await dialog.getByRole('button', { name: 'Create Share Link' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Share link' })).toBeVisible();

    await page.route('**/api/collections/*/share', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }) : route.continue(),
    );
    await dialog.getByRole('button', { name: 'Disable Sharing' }).click();
    await expect(toast(page)).toContainText('Failed to disable sharing');
    await expect(dialog.getByRole('textbox', { name: 'Share link' })).toBeVisible();
  });
});

test.describe('shared collection page', () => {
  test('a visitor sees the name, the owner, the count and the cards; filters by artist, sorts and orders', async ({ page, browser, baseURL }) => {
    await signIn(page, (await registerViaApi(page.request, uniqueEmail('ann'), 'Ann', 'Smith')).email);
    const collection = await collectionWithAlbums(page.request);
    const token = await shareViaApi(page.request, collection.id);

    const visitor = await visitorPage(browser, baseURL);
    const albumCalls: string[] = [];
    visitor.page.on('request', (request) => {
      if (request.url().includes('/albums?')) albumCalls.push(new URL(request.url()).search);
    });
    await visitor.page.goto(`/shared/${token}`);

    await expect(visitor.page.getByRole('heading', { level: 1, name: 'Living Room Shelf' })).toBeVisible();
    await expect(visitor.page.getByText('Shared by Ann Smith')).toBeVisible();
    await expect(visitor.page.getByTestId('shared-album-count')).toHaveText('4 albums');
    // Default sort: title ascending (punctuation before letters, case-insensitive).
    await expect(cardTitles(visitor.page)).toHaveText([MALICIOUS_TITLE, 'A Love Supreme', 'Blue Train', 'Kind of Blue']);
    expect(albumCalls[0]).toBe('?artist=&sortBy=title&sortOrder=asc');
    await expect(visitor.page).toHaveTitle('Living Room Shelf · Spindle');

    // Read-only: nothing of the owner's private data, no editing.
    await expect(visitor.page.getByText('19.99')).toHaveCount(0);
    await expect(visitor.page.getByText('Secret Borrower')).toHaveCount(0);
    await expect(visitor.page.getByRole('button', { name: /edit|delete/i })).toHaveCount(0);

    await choose(visitor.page, 'Artist', 'John Coltrane');
    await expect(visitor.page.getByTestId('shared-album-count')).toHaveText('2 albums');
    await expect(cardTitles(visitor.page)).toHaveText(['A Love Supreme', 'Blue Train']);

    await visitor.page.getByRole('button', { name: 'Ascending' }).click();
    await expect(visitor.page.getByRole('button', { name: 'Descending' })).toBeVisible();
    await expect(cardTitles(visitor.page)).toHaveText(['Blue Train', 'A Love Supreme']);

    await choose(visitor.page, 'Artist', 'All artists');
    await choose(visitor.page, 'Sort by', 'Artist');
    await expect(visitor.page.getByTestId('shared-album-count')).toHaveText('4 albums');
    await expect(visitor.page.getByTestId('shared-album-card').getByRole('paragraph')).toHaveText([
      'Nina Simone',
      'Miles Davis',
      'John Coltrane',
      'John Coltrane',
    ]);
    await visitor.page.getByRole('button', { name: 'Descending' }).click();
    await expect(cardTitles(visitor.page)).toHaveText(['A Love Supreme', 'Blue Train', 'Kind of Blue', MALICIOUS_TITLE]);
    expect(albumCalls).toContain('?artist=&sortBy=artist&sortOrder=asc');

    // Visitors are invited to start their own; they are never asked to sign in to look.
    await expect(visitor.page.getByRole('heading', { name: 'Make your own collection on Spindle' })).toBeVisible();
    await visitor.context.close();
  });

  test('a title is shown as text: no markup from data, no script runs', async ({ page, browser, baseURL }) => {
    await signIn(page);
    const collection = await collectionWithAlbums(page.request, 'Dangerous Shelf');
    const token = await shareViaApi(page.request, collection.id);

    const visitor = await visitorPage(browser, baseURL);
    await visitor.page.goto(`/shared/${token}`);
    await expect(visitor.page.getByRole('heading', { name: MALICIOUS_TITLE, exact: true })).toBeVisible();
    await expect(visitor.page.locator('img[src="x"]')).toHaveCount(0);
    await visitor.page.waitForTimeout(300);
    expect(visitor.dialogs).toEqual([]);
    await visitor.context.close();
  });

  test('an empty shared collection says so', async ({ page, browser, baseURL }) => {
    await signIn(page);
    const collection = await collectionWithAlbums(page.request, 'Empty Crate', []);
    const token = await shareViaApi(page.request, collection.id);
    const visitor = await visitorPage(browser, baseURL);
    await visitor.page.goto(`/shared/${token}`);
    await expect(visitor.page.getByText('No albums found in this collection')).toBeVisible();
    await expect(visitor.page.getByTestId('shared-album-count')).toHaveText('0 albums');
    await visitor.context.close();
  });

  test('an invalid link shows Collection Not Found with Return to Home', async ({ browser, baseURL }) => {
    const visitor = await visitorPage(browser, baseURL);
    for (const path of ['/shared/not-a-token', `/shared/${'A'.repeat(32)}`]) {
      await visitor.page.goto(path);
      await expect(visitor.page.getByRole('heading', { level: 1, name: 'Collection Not Found' })).toBeVisible();
      await expect(visitor.page.getByText('This shared collection link is invalid or has been disabled')).toBeVisible();
    }
    await visitor.page.getByRole('button', { name: 'Return to Home' }).click();
    await expect(visitor.page).toHaveURL(/\/$/);
    await expect(visitor.page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    await visitor.context.close();
  });

  test('a signed-in user can open someone else’s link too', async ({ page, browser, baseURL }) => {
    await signIn(page, (await registerViaApi(page.request, uniqueEmail('ann'), 'Ann', 'Smith')).email);
    const token = await shareViaApi(page.request, (await collectionWithAlbums(page.request, 'Jazz Corner')).id);
    const friend = await visitorPage(browser, baseURL);
    await signIn(friend.page);
    await friend.page.goto(`/shared/${token}`);
    await expect(friend.page.getByRole('heading', { level: 1, name: 'Jazz Corner' })).toBeVisible();
    await expect(friend.page.getByTestId('shared-album-count')).toHaveText('4 albums');
    await expect(friend.page.getByRole('link', { name: 'My collection' })).toHaveAttribute('href', '/');
    await friend.context.close();
  });

  test('a failed filter change says "Failed to update album list" and keeps the list shown', async ({ page, browser, baseURL }) => {
    await signIn(page);
    const token = await shareViaApi(page.request, (await collectionWithAlbums(page.request, 'Flaky Shelf')).id);
    const visitor = await visitorPage(browser, baseURL);
    await visitor.page.goto(`/shared/${token}`);
    await expect(cardTitles(visitor.page)).toHaveText([MALICIOUS_TITLE, 'A Love Supreme', 'Blue Train', 'Kind of Blue']);

    await visitor.page.route('**/albums?*sortOrder=desc*', (route) => route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }));
    await visitor.page.getByRole('button', { name: 'Ascending' }).click();
    await expect(toast(visitor.page)).toContainText('Failed to update album list');
    // The controls go back to what is on screen.
    await expect(visitor.page.getByRole('button', { name: 'Ascending' })).toBeVisible();
    await expect(cardTitles(visitor.page)).toHaveText([MALICIOUS_TITLE, 'A Love Supreme', 'Blue Train', 'Kind of Blue']);
    await visitor.context.close();
  });

  test('a load that fails for another reason than a dead link: toast, then home', async ({ page, browser, baseURL }) => {
    await signIn(page);
    const token = await shareViaApi(page.request, (await collectionWithAlbums(page.request, 'Offline Shelf')).id);
    const visitor = await visitorPage(browser, baseURL);
    await visitor.page.route(
      (url) => url.pathname === `/api/shared/${token}`,
      (route) => route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }),
    );
    await visitor.page.goto(`/shared/${token}`);
    await expect(toast(visitor.page)).toContainText('Unable to load this collection. The link may be invalid or expired.');
    await expect(visitor.page).toHaveURL(/\/$/);
    await visitor.context.close();
  });
});
