import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fakeReleaseId } from '../src/server/test/fake-musicbrainz.js';
import { signIn } from './support/helpers.js';

/** The fake MusicBrainz / Cover Art Archive / image host that global-setup starts next to the server. */
const FAKE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4317) + 1}`;
const STORED_THUMB = /^\/api\/cover-art\/[A-Za-z0-9_-]+\.(jpg|png|webp|gif)\?size=thumb$/;
const NEEDS_BOTH = 'Please enter both title and artist before searching for cover art.';

async function createCollection(request: APIRequestContext, name = 'Jazz') {
  const res = await request.post('/api/collections', { data: { name } });
  expect(res.status()).toBe(201);
  return name;
}

async function createAlbum(request: APIRequestContext, album: Record<string, unknown>) {
  const res = await request.post('/api/albums', { data: album });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; coverUrl: string | null };
}

async function albums(request: APIRequestContext) {
  const res = await request.get('/api/albums');
  expect(res.status()).toBe(200);
  return (await res.json()) as { id: number; title: string; coverUrl: string | null }[];
}

/** The Radix toast viewport; toasts are read there (Radix also copies their text to a live region). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** The cover picker of the album form. */
const picker = (page: Page) => page.getByTestId('cover-art-picker');

/** Resolves once the image has loaded real pixels. */
async function expectLoaded(image: Locator) {
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** The grid card of an album, by its title. */
const card = (page: Page, title: string) => page.getByTestId('album-card').filter({ hasText: title });

/** The multipart bodies the page sends to the upload endpoint (read on the way, then passed on). */
async function uploadBodies(page: Page): Promise<string[]> {
  const bodies: string[] = [];
  await page.route('**/api/cover-art/upload', async (route) => {
    bodies.push(route.request().postDataBuffer()?.toString('latin1') ?? '');
    await route.continue();
  });
  return bodies;
}

/** Records every call the page makes to the cover-art API. */
function coverCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/cover-art')) calls.push(`${request.method()} ${path}`);
  });
  return calls;
}

test('cover search: without title and artist it asks for both and calls nothing; a chosen result is stored and shown in the grid', async ({ page }) => {
  await signIn(page);
  await createCollection(page.request);
  const calls = coverCalls(page);
  await page.goto('/album/new?collection=Jazz');

  await picker(page).getByRole('button', { name: 'Search Cover Art' }).click();
  await expect(picker(page).getByText(NEEDS_BOTH)).toBeVisible();
  await page.getByLabel(/^Title/).fill('Kind of Blue');
  await picker(page).getByRole('button', { name: 'Search Cover Art' }).click();
  await expect(picker(page).getByText(NEEDS_BOTH)).toBeVisible();
  expect(calls).toEqual([]);

  await page.getByLabel(/^Artist/).fill('Miles Davis');
  // The message goes once both are there.
  await expect(picker(page).getByText(NEEDS_BOTH)).toBeHidden();
  await picker(page).getByRole('button', { name: 'Search Cover Art' }).click();

  // The fake archive holds front covers for two of the three pressings: two results, one page.
  const results = picker(page).getByRole('list', { name: 'Cover art results' }).getByRole('button');
  await expect(results).toHaveCount(2);
  await expect(picker(page).getByText(/Page \d of/)).toHaveCount(0);
  const second = picker(page).getByRole('button', { name: 'Cover option 2 of 2' });
  // Remote results are shown through the signed-in image proxy.
  await expect(second.locator('img')).toHaveAttribute('src', /^\/api\/cover-art-image\?url=/);
  await expectLoaded(second.locator('img'));

  // Keyboard: the tiles are buttons.
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  const preview = picker(page).getByRole('img', { name: 'Current cover art', exact: true });
  await expect(preview).toHaveAttribute('src', /^\/api\/cover-art\/[A-Za-z0-9_-]+\.jpg$/);
  await expectLoaded(preview);
  expect(calls).toContain('POST /api/cover-art/import');

  await page.getByRole('button', { name: 'Save Album' }).click();
  await expect(page).toHaveURL(/\/(collections?)?(\?|$)/);
  const cover = card(page, 'Kind of Blue').locator('img');
  await expect(cover).toHaveAttribute('src', STORED_THUMB);
  await expectLoaded(cover);

  // What was saved is the server's copy, not the remote address.
  const [saved] = await albums(page.request);
  expect(saved?.coverUrl).toMatch(/^\/api\/cover-art\//);
  expect(`${saved?.coverUrl}?size=thumb`).toBe(await cover.getAttribute('src'));
});

test('cover search: nothing found shows No Results; a failed search shows the server message', async ({ page }) => {
  await signIn(page);
  await createCollection(page.request);
  await page.goto('/album/new?collection=Jazz');
  await page.getByLabel(/^Title/).fill('Unknown Pleasures');
  await page.getByLabel(/^Artist/).fill('Nobody Known');
  await picker(page).getByRole('button', { name: 'Search Cover Art' }).click();
  await expect(toasts(page).getByText('No Results', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('No cover art found for this album')).toBeVisible();
  await expect(picker(page).getByText('No cover art found for this album')).toBeVisible();

  // Title and artist longer than the server allows: its message is shown under the Error title.
  await page.getByLabel(/^Title/).fill('x'.repeat(201));
  await picker(page).getByRole('button', { name: 'Search Cover Art' }).click();
  await expect(toasts(page).getByText('Error', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Title and artist must be at most 200 characters')).toBeVisible();
});

test('cover search: many results are paged with Previous and Next', async ({ page }) => {
  await signIn(page);
  await createCollection(page.request);
  // The fake catalogue has at most two covers per album, so this one answer is replaced with
  // fourteen real addresses on the fake archive and image host (the proxy still fetches each).
  const remote = [
    ...['kind-of-blue-1', 'kind-of-blue-3', 'abbey-road-1', 'rumours-1'].flatMap((seed) =>
      ['front-250', 'front-500', 'front-1200'].map((size) => `${FAKE}/release/${fakeReleaseId(seed)}/${size}`),
    ),
    `${FAKE}/web/cover.png`,
    `${FAKE}/web/missing.jpg`,
  ];
  await page.route('**/api/cover-art?*', (route) => route.fulfill({ json: remote }));
  await page.goto('/album/new?collection=Jazz');
  await page.getByLabel(/^Title/).fill('Kind of Blue');
  await page.getByLabel(/^Artist/).fill('Miles Davis');
  await picker(page).getByRole('button', { name: 'Search Cover Art' }).click();

  const tiles = picker(page).getByRole('list', { name: 'Cover art results' }).getByRole('button');
  const previous = picker(page).getByRole('button', { name: 'Previous' });
  const next = picker(page).getByRole('button', { name: 'Next' });
  await expect(picker(page).getByText('Page 1 of 3')).toBeVisible();
  await expect(tiles).toHaveCount(6);
  await expect(tiles.first()).toHaveAccessibleName('Cover option 1 of 14');
  await expect(previous).toBeDisabled();

  await next.click();
  await expect(picker(page).getByText('Page 2 of 3')).toBeVisible();
  await expect(tiles.first()).toHaveAccessibleName('Cover option 7 of 14');
  await next.click();
  await expect(picker(page).getByText('Page 3 of 3')).toBeVisible();
  await expect(tiles).toHaveCount(2);
  await expect(next).toBeDisabled();
  // A result whose image fails shows the placeholder, not a broken image.
  const broken = picker(page).getByRole('button', { name: /^Cover option 14 of 14/ });
  await expect(broken.getByRole('img', { name: 'Cover option 14 of 14 (no cover)' })).toBeVisible();
  await expect(broken.locator('img')).toHaveCount(0);

  await previous.click();
  await expect(picker(page).getByText('Page 2 of 3')).toBeVisible();
  await expect(previous).toBeEnabled();
});

test('cover upload: a file of another type is refused before sending; a PNG is stored and shown in the grid', async ({ page }) => {
  await signIn(page);
  await createCollection(page.request);
  const calls = coverCalls(page);
  await page.goto('/album/new?collection=Jazz');
  await page.getByLabel(/^Title/).fill('Blue');
  await page.getByLabel(/^Artist/).fill('Joni Mitchell');
  await picker(page).getByRole('tab', { name: 'Upload' }).click();

  const input = picker(page).getByLabel(/JPEG, PNG, WebP or GIF, up to 5MB/);
  await input.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not an image') });
  await expect(picker(page).getByRole('alert')).toHaveText('Please choose a JPEG, PNG, WebP or GIF image');
  expect(calls).toEqual([]);

  const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: { r: 30, g: 80, b: 160 } } }).png().toBuffer();
  const bodies = await uploadBodies(page);
  await input.setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: png });
  await expect.poll(() => bodies.length).toBe(1);
  expect(bodies[0]).toContain('name="title"\r\n\r\nBlue\r\n');
  expect(bodies[0]).toContain('name="artist"\r\n\r\nJoni Mitchell\r\n');
  expect(bodies[0]).toContain('name="file"; filename="blue.png"\r\nContent-Type: image/png');
  // A new album has no id yet: albumId is only sent when editing.
  expect(bodies[0]).not.toContain('name="albumId"');
  await expect(toasts(page).getByText('Cover art uploaded', { exact: true })).toBeVisible();
  await expect(picker(page).getByRole('alert')).toHaveCount(0);
  const preview = picker(page).getByRole('img', { name: 'Current cover art', exact: true });
  await expect(preview).toHaveAttribute('src', /^\/api\/cover-art\/[A-Za-z0-9_-]+\.png$/);
  await expectLoaded(preview);

  await page.getByRole('button', { name: 'Save Album' }).click();
  const cover = card(page, 'Blue').locator('img');
  await expect(cover).toHaveAttribute('src', STORED_THUMB);
  await expectLoaded(cover);
});

test('cover upload when editing sends the albumId; a refused file shows Failed to upload cover art with the reason', async ({ page }) => {
  await signIn(page);
  await createCollection(page.request);
  const album = await createAlbum(page.request, { collection: 'Jazz', title: 'Hejira', artist: 'Joni Mitchell' });
  await page.goto(`/album/${album.id}`);
  await picker(page).getByRole('tab', { name: 'Upload' }).click();
  const input = picker(page).getByLabel(/JPEG, PNG, WebP or GIF, up to 5MB/);

  // Named and typed like a PNG, but not one: the server decides by the bytes.
  const bodies = await uploadBodies(page);
  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not an image') });
  await expect.poll(() => bodies.length).toBe(1);
  expect(bodies[0]).toContain(`name="albumId"\r\n\r\n${album.id}\r\n`);
  await expect(toasts(page).getByText('Failed to upload cover art', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Only JPEG, PNG, WebP and GIF images are allowed')).toBeVisible();
  await expect(picker(page).getByText('No cover chosen yet.')).toBeVisible();

  const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 120, b: 20 } } }).gif().toBuffer();
  await input.setInputFiles({ name: 'hejira.gif', mimeType: 'image/gif', buffer: gif });
  await expect(toasts(page).getByText('Cover art uploaded', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save Album' }).click();
  const cover = card(page, 'Hejira').locator('img');
  await expect(cover).toHaveAttribute('src', STORED_THUMB);
  await expectLoaded(cover);
  // The server re-encodes uploads, so the stored name's extension is its own choice.
  expect(`${(await albums(page.request))[0]?.coverUrl}?size=thumb`).toBe(await cover.getAttribute('src'));
});

test('manual URL: an address that is not an image shows the server message; an image address is stored; Remove clears the cover', async ({ page }) => {
  await signIn(page);
  await createCollection(page.request);
  await page.goto('/album/new?collection=Jazz');
  await page.getByLabel(/^Title/).fill('Rumours');
  await page.getByLabel(/^Artist/).fill('Fleetwood Mac');
  await picker(page).getByRole('tab', { name: 'Manual URL' }).click();
  const field = picker(page).getByLabel('Image URL');

  await picker(page).getByRole('button', { name: 'Use this image' }).click();
  await expect(picker(page).getByText('Please enter an image address')).toBeVisible();

  await field.fill(`${FAKE}/web/page.html`);
  // Enter uses the address; it does not save the album form around the picker.
  await field.press('Enter');
  await expect(picker(page).getByText('The address did not return a JPEG, PNG, WebP or GIF image')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/album\/new/);

  await field.fill(`${FAKE}/web/cover.webp`);
  await picker(page).getByRole('button', { name: 'Use this image' }).click();
  const preview = picker(page).getByRole('img', { name: 'Current cover art', exact: true });
  await expect(preview).toHaveAttribute('src', /^\/api\/cover-art\/[A-Za-z0-9_-]+\.webp$/);
  await expectLoaded(preview);

  await picker(page).getByRole('button', { name: 'Remove' }).click();
  await expect(picker(page).getByRole('img', { name: 'Current cover art (no cover)' })).toBeVisible();
  await expect(picker(page).locator('img')).toHaveCount(0);
  await field.fill(`${FAKE}/web/cover.webp`);
  await field.press('Enter');
  await expect(preview).toHaveAttribute('src', /^\/api\/cover-art\//);

  await page.getByRole('button', { name: 'Save Album' }).click();
  const cover = card(page, 'Rumours').locator('img');
  await expect(cover).toHaveAttribute('src', STORED_THUMB);
  await expectLoaded(cover);
});

test('a cover that fails to load shows the placeholder in the grid and in the form', async ({ page }) => {
  await signIn(page);
  await createCollection(page.request);
  await createAlbum(page.request, { collection: 'Jazz', title: 'Lost Sleeve', artist: 'Nobody', coverUrl: 'https://invalid.example/x.jpg' });
  await createAlbum(page.request, { collection: 'Jazz', title: 'Gone Upload', artist: 'Nobody', coverUrl: '/api/cover-art/0123456789abcdef0123456789abcdef.jpg' });
  await page.goto('/collections');

  for (const title of ['Lost Sleeve', 'Gone Upload']) {
    const placeholder = card(page, title).getByRole('img', { name: 'No cover art' });
    // The remote one waits for the proxy to give up on an address that does not resolve.
    await expect(placeholder).toBeVisible({ timeout: 20_000 });
    await expect(card(page, title).locator('img')).toHaveCount(0);
  }

  await card(page, 'Gone Upload').click();
  await expect(picker(page).getByRole('img', { name: 'Current cover art (no cover)' })).toBeVisible();
  await expect(picker(page).locator('img')).toHaveCount(0);
});
