import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectStoredSelection, signIn } from './support/helpers';

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
/** The toast as seen, also while a modal dialog hides the rest of the page from assistive tech. */
const shownToast = (page: Page) => page.locator('li[data-variant]');
const cards = (page: Page) => page.getByTestId('album-card');
const cardTitles = (page: Page) => cards(page).locator('h2');

/** Today in the browser's time zone, as the form's "lent without a date" uses it. */
const browserToday = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

async function albumsOf(request: APIRequestContext, collection: string) {
  const res = await request.get('/api/albums');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: number; collection: string; title: string; [key: string]: unknown }[]).filter((a) => a.collection === collection);
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') endRow();
    else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      endRow();
    } else field += c;
  }
  if (field || row.length) endRow();
  return rows;
}

test.describe('collection home and album form', () => {
  test('a collector creates a collection, adds, filters, sorts, edits, duplicates, exports, renames and deletes', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto('/');

    // Create: the name is required after trimming.
    await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible();
    await page.getByRole('button', { name: 'Create your first collection' }).click();
    const createDialog = page.getByRole('dialog', { name: 'New collection' });
    await createDialog.getByLabel('Name').fill('   ');
    await createDialog.getByRole('button', { name: 'Create' }).click();
    await expect(createDialog.getByText('Collection name is required')).toBeVisible();
    await createDialog.getByLabel('Name').fill('  Living Room  ');
    await createDialog.getByRole('button', { name: 'Create' }).click();
    await expect(toasts(page)).toContainText('Collection created');
    await expect(page).toHaveURL(/\/collection\?collection=Living%20Room$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Living Room' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: /Living Room/ })).toHaveAttribute('aria-current', 'page');

    // Add an album with lending through the form; lent without a date means today.
    await page.getByRole('link', { name: 'Add your first album' }).click();
    await expect(page).toHaveURL(/\/album\/new\?collection=Living%20Room$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Album' })).toBeVisible();
    await expect(page.getByLabel('Collection', { exact: true })).toHaveText('Living Room');
    await expect(page.getByLabel('Release year')).toHaveValue(String(new Date().getFullYear()));
    await page.getByLabel('Title').fill('Kind of Blue');
    await page.getByLabel('Artist').fill('Miles Davis');
    await page.getByLabel('Price (USD)').fill('24.99');
    await chooseOption(page, 'Genre', 'Jazz');
    await page.getByLabel('Release year').fill('1959');
    await chooseOption(page, 'Media condition', 'Near Mint (NM)');
    await expect(page.getByLabel('Lent to')).toBeHidden();
    await page.getByLabel('Lent out to someone').check();
    await page.getByLabel('Lent to').fill('Sam');
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(toasts(page)).toContainText('Album added');
    await expect(page).toHaveURL(/\/collection\?collection=Living%20Room$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText('Kind of Blue');
    await expect(cards(page).first().getByTestId('lent-badge')).toHaveText('Lent to Sam');
    const [saved] = await albumsOf(page.request, 'Living Room');
    expect(saved).toMatchObject({ title: 'Kind of Blue', price: 24.99, genre: 'Jazz', releaseYear: 1959, isLent: true, lentTo: 'Sam', lentDate: await browserToday(page), label: null });

    // Two more albums, then the filters (case-insensitive substrings) and the sort (no genre last).
    for (const album of [
      { title: 'Abbey Road', artist: 'The Beatles', genre: 'Rock', price: 19.5 },
      { title: 'A Love Supreme', artist: 'John Coltrane', price: 30 },
    ]) {
      expect((await page.request.post('/api/albums', { data: { ...album, collection: 'Living Room' } })).status()).toBe(201);
    }
    await page.reload();
    await expect(cardTitles(page)).toHaveText(['A Love Supreme', 'Abbey Road', 'Kind of Blue']);
    await expect(page.getByTestId('album-summary')).toHaveText('3 albums · , total $74.49');
    await page.getByLabel('Artist').fill('DAVIS');
    await expect(cardTitles(page)).toHaveText(['Kind of Blue']);
    await expect(page.getByTestId('album-summary')).toContainText('1 of 3 albums');
    await expect(page.getByTestId('album-total')).toHaveText('$24.99');
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page.getByLabel('Genre').fill('oc');
    await expect(cardTitles(page)).toHaveText(['Abbey Road']);
    await page.getByLabel('Genre').fill('polka');
    await expect(page.getByRole('heading', { name: 'No albums match your filters' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(cards(page)).toHaveCount(3);
    // A leading "The " does not decide the order (docs/product/collections.md#filters): The Beatles sort under B.
    await chooseOption(page, 'Sort by', 'Artist');
    await expect(cardTitles(page)).toHaveText(['Abbey Road', 'A Love Supreme', 'Kind of Blue']);
    await chooseOption(page, 'Sort by', 'Genre');
    await expect(cardTitles(page)).toHaveText(['Kind of Blue', 'Abbey Road', 'A Love Supreme']);

    // Edit: the card is a link (keyboard too); unticking lending clears it.
    await cards(page).filter({ hasText: 'Kind of Blue' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/album/${saved!.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Album' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Kind of Blue');
    await expect(page.getByLabel('Price (USD)')).toHaveValue('24.99');
    await expect(page.getByLabel('Genre')).toHaveText('Jazz');
    await expect(page.getByLabel('Lent to')).toHaveValue('Sam');
    await page.getByLabel('Title').fill('Kind of Blue (Legacy Edition)');
    await page.getByLabel('Lent out to someone').uncheck();
    await expect(page.getByLabel('Lent to')).toBeHidden();
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(toasts(page)).toContainText('Album updated');
    // Back on its collection, with the sort still in the address (docs/product/collections.md#filters).
    await expect(page).toHaveURL(/\/collection\?collection=Living\+Room&sort=genre$/);
    const edited = cards(page).filter({ hasText: 'Kind of Blue (Legacy Edition)' });
    await expect(edited).toBeVisible();
    await expect(edited.getByTestId('lent-badge')).toHaveCount(0);
    expect((await albumsOf(page.request, 'Living Room')).find((a) => a.id === saved!.id)).toMatchObject({ isLent: false, lentTo: null, lentDate: null });

    // Duplicate flow: Cancel adds nothing; Add Anyway adds it.
    await page.getByRole('link', { name: 'Add Album' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Album' })).toBeVisible();
    await page.getByLabel('Title').fill('abbey road ');
    await page.getByLabel('Artist').fill('the beatles');
    await page.getByRole('button', { name: 'Save Album' }).click();
    const duplicate = page.getByRole('alertdialog', { name: 'Duplicate Album' });
    await expect(duplicate).toContainText('This album already exists in this collection');
    await expect(duplicate).toContainText('Would you like to add it anyway?');
    await duplicate.getByRole('button', { name: 'Cancel' }).click();
    await expect(duplicate).toBeHidden();
    expect(await albumsOf(page.request, 'Living Room')).toHaveLength(3);
    await page.getByRole('button', { name: 'Save Album' }).click();
    await duplicate.getByRole('button', { name: 'Add Anyway' }).click();
    await expect(toasts(page)).toContainText('Album added');
    await expect(cards(page)).toHaveCount(4);
    await expect(page.getByRole('navigation', { name: 'Collections' }).getByTestId('collection-album-count')).toHaveText('4');

    // Export the selected collection: the downloaded CSV holds its albums.
    await page.getByRole('button', { name: /Open menu/ }).click();
    await page.getByRole('menuitem', { name: 'Export to CSV' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export to CSV' });
    await expect(exportDialog.getByRole('radio', { name: /Living Room/ })).toBeChecked();
    const [download] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Export' }).click()]);
    await expect(toasts(page)).toContainText('Export successful');
    await expect(toasts(page)).toContainText('your collection exported to CSV');
    expect(download.suggestedFilename()).toMatch(/^spindle-living-room-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parseCsv((await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '')).filter((r) => r.length > 1);
    const column = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => r[column('Title')]).sort()).toEqual(['A Love Supreme', 'Abbey Road', 'Kind of Blue (Legacy Edition)', 'abbey road']);
    expect(rows.every((r) => r[column('Collection')] === 'Living Room')).toBe(true);
    expect(rows.find((r) => r[column('Title')] === 'Abbey Road')![column('Price (USD)')]).toBe('19.50');

    // The selected collection is remembered: switching goes to the URL and survives a reload.
    expect((await page.request.post('/api/collections', { data: { name: 'Jazz Shelf' } })).status()).toBe(201);
    await page.reload();
    await page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: /Jazz Shelf/ }).click();
    // The sort chosen above stays in the address on every collection (docs/product/collections.md#filters).
    await expect(page).toHaveURL(/\/collection\?collection=Jazz\+Shelf&sort=genre$/);
    await expect(page.getByRole('heading', { name: 'No albums in “Jazz Shelf” yet' })).toBeVisible();
    await expectStoredSelection(page, 'Jazz Shelf');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Jazz Shelf' })).toBeVisible();

    // Rename: a clash shows the server's message; then the albums follow the new name.
    await page.getByRole('navigation', { name: 'Collections' }).getByRole('link', { name: /Living Room/ }).click();
    await page.getByRole('button', { name: 'Collection actions' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename collection' });
    await expect(renameDialog.getByLabel('Name')).toHaveValue('Living Room');
    await renameDialog.getByLabel('Name').fill('jazz shelf');
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(renameDialog.getByText('A collection named "Jazz Shelf" already exists')).toBeVisible();
    await expect(shownToast(page)).toContainText('A collection named "Jazz Shelf" already exists');
    await renameDialog.getByLabel('Name').fill('Living Room Shelf');
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page)).toContainText('Collection updated');
    await expect(page).toHaveURL(/\/collection\?collection=Living\+Room\+Shelf&sort=genre$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Living Room Shelf' })).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    expect(await albumsOf(page.request, 'Living Room Shelf')).toHaveLength(4);

    // Delete: the confirmation says the albums go with it; the selection falls back to the other collection.
    await page.getByRole('button', { name: 'Collection actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “Living Room Shelf”?' });
    await expect(confirm).toContainText('the 4 albums in it will be deleted');
    await confirm.getByRole('button', { name: 'Delete collection' }).click();
    await expect(toasts(page)).toContainText('Collection deleted');
    await expect(page).toHaveURL(/\/collection\?collection=Jazz\+Shelf&sort=genre$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Jazz Shelf' })).toBeVisible();
    // All albums (docs/product/collections.md#all-albums) stays first, with nothing left in it.
    await expect(page.getByRole('navigation', { name: 'Collections' }).getByRole('link')).toHaveText([/^All albums\s*0/, /Jazz Shelf/]);
    expect(await albumsOf(page.request, 'Living Room Shelf')).toHaveLength(0);
  });

  test('the album form shows the documented validation messages under their fields and saves nothing', async ({ page }) => {
    await signIn(page);
    expect((await page.request.post('/api/collections', { data: { name: 'Crates' } })).status()).toBe(201);
    await page.goto('/album/new');
    await expect(page.getByLabel('Collection', { exact: true })).toHaveText('Choose a collection');
    await page.getByLabel('Release year').fill('1899');
    await page.getByLabel('Price (USD)').fill('12.345');
    await page.getByLabel('Lent out to someone').check();
    await page.getByRole('button', { name: 'Save Album' }).click();
    const under = (label: string, message: string) =>
      expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
    await under('Collection', 'Please select a collection');
    await under('Title', 'Title is required');
    await under('Artist', 'Artist is required');
    await under('Release year', 'Release year must be 1900 or later');
    await under('Price (USD)', 'Price can have at most 2 decimals');
    await under('Lent to', 'Please enter who the album is lent to');
    await expect(page.getByLabel('Release year')).toHaveAttribute('max', String(new Date().getFullYear()));
    // Typed as text (a decimal comma must survive); 2 decimals at most is the schema's rule, checked above.
    await expect(page.getByLabel('Price (USD)')).toHaveAttribute('inputmode', 'decimal');
    expect(await (await page.request.get('/api/albums')).json()).toEqual([]);

    // Fixing them saves it into the chosen collection.
    await chooseOption(page, 'Collection', 'Crates');
    await page.getByLabel('Title').fill('Blue');
    await page.getByLabel('Artist').fill('Joni Mitchell');
    await page.getByLabel('Release year').fill('1971');
    await page.getByLabel('Price (USD)').fill('12.5');
    await page.getByLabel('Lent to').fill('Kim');
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Crates$/);
    expect(await albumsOf(page.request, 'Crates')).toMatchObject([{ title: 'Blue', price: 12.5, releaseYear: 1971, lentTo: 'Kim' }]);
  });

  test('an unknown album shows Album not found; deleting an album asks first', async ({ page }) => {
    await signIn(page);
    await page.goto('/album/999999');
    await expect(page.getByRole('heading', { name: 'Album not found' })).toBeVisible();
    await page.goto('/album/not-a-number');
    await expect(page.getByRole('heading', { name: 'Album not found' })).toBeVisible();

    expect((await page.request.post('/api/collections', { data: { name: 'Shelf' } })).status()).toBe(201);
    const created = await (await page.request.post('/api/albums', { data: { collection: 'Shelf', title: 'Horses', artist: 'Patti Smith' } })).json();
    await page.goto(`/album/${created.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “Horses”?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await albumsOf(page.request, 'Shelf')).toHaveLength(1);
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete album' }).click();
    await expect(toasts(page)).toContainText('Album deleted');
    await expect(page).toHaveURL(/\/collection\?collection=Shelf$/);
    await expect(page.getByRole('heading', { name: 'No albums in “Shelf” yet' })).toBeVisible();
    expect(await albumsOf(page.request, 'Shelf')).toHaveLength(0);
  });

  test('a failed export says so; Share Collection opens the share dialog for the selected collection', async ({ page }) => {
    await signIn(page);
    expect((await page.request.post('/api/collections', { data: { name: 'Shared Shelf' } })).status()).toBe(201);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Shared Shelf' })).toBeVisible();

    await page.route('**/api/export/albums**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    await page.getByRole('button', { name: /Open menu/ }).click();
    await page.getByRole('menuitem', { name: 'Export to CSV' }).click();
    await page.getByRole('dialog', { name: 'Export to CSV' }).getByRole('button', { name: 'Export' }).click();
    await expect(toasts(page)).toContainText('Export failed');
    await expect(toasts(page)).toContainText('Could not export albums to CSV. Please try again later.');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /Open menu/ }).click();
    await page.getByRole('menuitem', { name: 'Share Collection' }).click();
    const share = page.getByRole('dialog', { name: 'Share Collection' });
    await expect(share).toContainText('Shared Shelf');
  });

  test('albums that fail to load show an error with Try again', async ({ page }) => {
    await signIn(page);
    expect((await page.request.post('/api/collections', { data: { name: 'Flaky' } })).status()).toBe(201);
    expect((await page.request.post('/api/albums', { data: { collection: 'Flaky', title: 'Marquee Moon', artist: 'Television' } })).status()).toBe(201);
    let failing = true;
    // The list and its slices (the home's first read of it goes in slices).
    await page.route(/\/api\/albums(\?.*)?$/, (route) => (failing ? route.fulfill({ status: 503, body: 'down' }) : route.continue()));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your albums could not be loaded' })).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(cardTitles(page)).toHaveText(['Marquee Moon']);
  });

  test('at 390 px the collections are in a drawer; choosing one closes it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page);
    for (const name of ['Attic', 'Basement']) expect((await page.request.post('/api/collections', { data: { name } })).status()).toBe(201);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Attic' })).toBeVisible();
    await page.getByRole('button', { name: 'Open collections' }).click();
    const drawer = page.getByRole('dialog', { name: 'Collections' });
    await drawer.getByRole('link', { name: /Basement/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Basement' })).toBeVisible();
    await page.getByRole('button', { name: 'Open collections' }).click();
    await drawer.getByRole('button', { name: 'New collection' }).click();
    const create = page.getByRole('dialog', { name: 'New collection' });
    await expect(create.getByLabel('Name')).toBeFocused();
    await create.getByLabel('Name').fill('Car');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Car' })).toBeVisible();
  });
});
