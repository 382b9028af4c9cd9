import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { FAKE_BARCODES } from '../src/server/test/fake-musicbrainz.js';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers.js';

const STORED_COVER = /^\/api\/cover-art\/[A-Za-z0-9_-]+\.(jpg|png|webp|gif)$/;

async function createCollection(request: APIRequestContext, name: string) {
  const res = await request.post('/api/collections', { data: { name } });
  expect(res.status()).toBe(201);
}

async function savedAlbum(request: APIRequestContext, title: string) {
  const res = await request.get('/api/albums');
  expect(res.status()).toBe(200);
  const all = (await res.json()) as Record<string, unknown>[];
  return all.find((album) => album.title === title);
}

const section = (page: Page) => page.getByRole('region', { name: 'Fill in from MusicBrainz' });
const pressingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Choose your pressing' });
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test('autofill: title and artist → choose a pressing (keyboard) → label, year, country, genre and cover filled; typed fields kept', async ({
  page,
}) => {
  await signIn(page);
  await createCollection(page.request, 'Jazz');
  await page.goto('/album/new?collection=Jazz');

  await section(page).getByRole('button', { name: 'Find pressings' }).click();
  await expect(
    section(page).getByText('Please enter both title and artist before looking up pressings, or use the barcode.'),
  ).toBeVisible();

  await page.getByLabel('Title', { exact: true }).fill('Kind of Blue');
  await page.getByLabel('Artist').fill('Miles Davis');
  await page.getByLabel('Country').fill('USA');
  await section(page).getByRole('button', { name: 'Find pressings' }).click();

  const dialog = pressingsDialog(page);
  await expect(dialog).toBeVisible();
  const rows = dialog.getByRole('list', { name: 'Pressings' }).getByRole('button');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('1959 · United States · Columbia CL 1355 · 12" Vinyl');
  await expect(rows.nth(1)).toContainText('No cover art');
  await expect(dialog.getByLabel('Replace details I already entered')).not.toBeChecked();
  expect(await seriousAxeFindings(page)).toEqual([]);

  // Keyboard only: focus the first pressing and choose it with Enter.
  await rows.first().focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  await expect(toasts(page)).toContainText('Filled in from MusicBrainz');
  await expect(toasts(page)).toContainText('Kept your country.');
  await expect(page.getByLabel('Label')).toHaveValue('Columbia');
  await expect(page.getByLabel('Release year')).toHaveValue('1959');
  await expect(page.getByLabel('Country')).toHaveValue('USA');
  await expect(page.getByRole('combobox', { name: 'Genre' })).toHaveText('Jazz');
  const cover = page.getByTestId('cover-art-picker').getByRole('img', { name: 'Current cover art' });
  await expect(cover).toHaveAttribute('src', STORED_COVER);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  await page.getByRole('button', { name: 'Save Album' }).click();
  await expect(page).toHaveURL(/\/collection\?collection=Jazz/);
  const album = await savedAlbum(page.request, 'Kind of Blue');
  expect(album).toMatchObject({ artist: 'Miles Davis', label: 'Columbia', releaseYear: 1959, country: 'USA', genre: 'Jazz' });
  expect(album?.coverUrl).toMatch(STORED_COVER);
});

test('barcode add: a wrong check digit is refused; the typed barcode opens the form prefilled with the chosen pressing', async ({
  page,
}) => {
  // On a phone, in the dark theme.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('spindle-theme', 'dark'));
  await signIn(page);
  await createCollection(page.request, 'Electronic');
  await page.goto('/album/new?collection=Electronic');

  const barcode = section(page).getByLabel('Barcode');
  await barcode.fill('888837168612');
  await barcode.press('Enter');
  await expect(
    section(page).getByText('This barcode’s last digit does not match the others. Please check the number for a typo.'),
  ).toBeVisible();
  await expect(pressingsDialog(page)).toBeHidden();

  expect(await seriousAxeFindings(page)).toEqual([]);

  await barcode.fill('8 88837 16861 8');
  await section(page).getByRole('button', { name: 'Look up' }).click();
  const dialog = pressingsDialog(page);
  await expect(dialog).toContainText(`Pressings with the barcode ${FAKE_BARCODES.randomAccessMemories} on MusicBrainz.`);
  await dialog.getByRole('button', { name: /Random Access Memories/ }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Random Access Memories');
  await expect(page.getByLabel('Artist')).toHaveValue('Daft Punk');
  await expect(page.getByLabel('Label')).toHaveValue('Columbia');
  await expect(page.getByLabel('Release year')).toHaveValue('2013');
  await expect(page.getByLabel('Country')).toHaveValue('Europe');
  await expect(page.getByRole('combobox', { name: 'Genre' })).toHaveText('Electronic/Dance');
  await expect(page.getByTestId('cover-art-picker').getByRole('img', { name: 'Current cover art' })).toHaveAttribute(
    'src',
    STORED_COVER,
  );

  await page.getByRole('button', { name: 'Save Album' }).click();
  await expect(page).toHaveURL(/\/collection\?collection=Electronic/);
  expect(await savedAlbum(page.request, 'Random Access Memories')).toMatchObject({
    artist: 'Daft Punk',
    genre: 'Electronic/Dance',
    releaseYear: 2013,
  });
});

test('barcode add: no match on MusicBrainz → the form with the barcode noted and a clear message; a refused camera says so', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // The browser's answer when the user refuses the camera.
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) },
    });
  });
  await signIn(page);
  await createCollection(page.request, 'Crates');
  await page.goto('/album/new?collection=Crates');

  await section(page).getByLabel('Barcode').fill(FAKE_BARCODES.unknown);
  await section(page).getByRole('button', { name: 'Look up' }).click();
  const dialog = pressingsDialog(page);
  await expect(dialog.getByText('No pressings found')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fill in by hand' }).click();
  await expect(dialog).toBeHidden();
  await expect(section(page).getByRole('status')).toContainText(
    `No pressing on MusicBrainz has the barcode ${FAKE_BARCODES.unknown}`,
  );
  await expect(section(page).getByLabel('Barcode')).toHaveValue(FAKE_BARCODES.unknown);

  await section(page).getByRole('button', { name: 'Scan' }).click();
  const scanner = page.getByRole('dialog', { name: 'Scan the barcode' });
  await expect(scanner.getByRole('alert')).toHaveText(
    'Camera access was refused. Allow the camera for this site in your browser, or type the barcode instead.',
  );
  await scanner.getByRole('button', { name: 'Type it instead' }).click();
  await expect(scanner).toBeHidden();
  await expect(section(page).getByRole('button', { name: 'Scan' })).toBeFocused();
});

test('autofill: MusicBrainz down → the dialog says so, and Try again lists the pressings once it is back', async ({ page }) => {
  await signIn(page);
  await createCollection(page.request, 'Rock');
  await page.route('**/api/releases?*', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'MusicBrainz is unavailable right now. Please try again later.' }),
    }),
  );
  await page.goto('/album/new?collection=Rock');
  await page.getByLabel('Title', { exact: true }).fill('Rumours');
  await page.getByLabel('Artist').fill('Fleetwood Mac');
  await section(page).getByRole('button', { name: 'Find pressings' }).click();
  const dialog = pressingsDialog(page);
  await expect(dialog.getByRole('alert')).toHaveText(/MusicBrainz is unavailable right now\. Please try again later\./);

  await page.unroute('**/api/releases?*');
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('list', { name: 'Pressings' }).getByRole('button')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(section(page).getByRole('button', { name: 'Find pressings' })).toBeFocused();
  await expect(page.getByLabel('Label')).toHaveValue('');
});
