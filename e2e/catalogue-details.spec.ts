import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers';

const MBID = '0a1b2c3d-1111-2222-3333-444455556666';
const SHOTS = process.env.SCREENSHOT_DIR;

async function collection(page: Page, name: string): Promise<number> {
  const res = await page.request.post('/api/collections', { data: { name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

async function addAlbum(page: Page, data: Record<string, unknown>): Promise<number> {
  const res = await page.request.post('/api/albums', { data: { allowDuplicate: true, ...data } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

test.describe('pressing & details, other copies and the shared page', () => {
  test('an album added with its details keeps them: the barcode is checked at its field, and the edit page shows them all', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await collection(page, 'Jazz');
    await page.goto('/album/new?collection=Jazz');
    await page.getByLabel('Title', { exact: true }).fill('Blue Train');
    await page.getByLabel('Artist', { exact: true }).fill('John Coltrane');

    // Closed on a quick add.
    const toggle = page.getByRole('button', { name: 'Pressing & details' });
    // The Fill in from MusicBrainz section has a Barcode search of its own.
    const details = page.getByRole('region', { name: 'Pressing & details' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Catalogue number', { exact: true })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await page.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'Vinyl LP' }).click();
    await page.getByLabel('Catalogue number', { exact: true }).fill('BLP 1577');
    await details.getByLabel('Barcode', { exact: true }).fill('4006381333932');
    await page.getByLabel('Pressing', { exact: true }).fill('2022 Tone Poet, 180 g');
    await page.getByLabel('Location', { exact: true }).fill('Shelf B, row 3');
    await page.getByLabel('Notes', { exact: true }).fill('Bought at the fair.\nPlays perfectly.');
    // The rating is a radio group: the keyboard chooses.
    await page.getByRole('radio', { name: '4 stars' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await page.getByRole('button', { name: 'Add track' }).click();
    await page.getByLabel('Track 1 position', { exact: true }).fill('A1');
    await page.getByLabel('Track 1 title', { exact: true }).fill('Blue Train');
    await page.getByLabel('Track 1 duration', { exact: true }).fill('10:43');
    await page.getByRole('button', { name: 'Add track' }).click();
    await page.getByLabel('Track 2 position', { exact: true }).fill('A2');
    await page.getByLabel('Track 2 title', { exact: true }).fill('Moment’s Notice');
    await page.getByLabel('Discogs release id', { exact: true }).fill('1234567');
    await page.getByLabel('MusicBrainz release id', { exact: true }).fill(MBID);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(details.getByLabel('Barcode', { exact: true })).toHaveAccessibleDescription(/Barcode check digit is wrong: the last digit does not match the others/);
    expect(await (await page.request.get('/api/albums')).json()).toEqual([]);
    // Nothing typed is lost.
    await expect(page.getByLabel('Pressing', { exact: true })).toHaveValue('2022 Tone Poet, 180 g');

    await details.getByLabel('Barcode', { exact: true }).fill('4006381333931');
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Jazz$/);
    const [listed] = (await (await page.request.get('/api/albums')).json()) as { id: number }[];
    // The list has no notes or tracklist (docs/product/albums.md#album-list): the album's own read has every field.
    const saved = (await (await page.request.get(`/api/albums/${listed!.id}`)).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({
      format: 'LP',
      catalogNumber: 'BLP 1577',
      barcode: '4006381333931',
      pressing: '2022 Tone Poet, 180 g',
      location: 'Shelf B, row 3',
      notes: 'Bought at the fair.\nPlays perfectly.',
      rating: 5,
      tracklist: [
        { position: 'A1', title: 'Blue Train', duration: '10:43' },
        { position: 'A2', title: 'Moment’s Notice' },
      ],
      discogsReleaseId: 1234567,
      musicbrainzReleaseId: MBID,
    });

    await page.goto(`/album/${String(saved.id)}`);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Pressing & details' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('combobox', { name: 'Format' })).toHaveText('Vinyl LP');
    await expect(page.getByLabel('Catalogue number', { exact: true })).toHaveValue('BLP 1577');
    await expect(details.getByLabel('Barcode', { exact: true })).toHaveValue('4006381333931');
    await expect(page.getByLabel('Notes', { exact: true })).toHaveValue('Bought at the fair.\nPlays perfectly.');
    await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await expect(page.getByLabel('Track 2 title', { exact: true })).toHaveValue('Moment’s Notice');
    await expect(page.getByRole('link', { name: /Discogs/ })).toHaveAttribute('href', 'https://www.discogs.com/release/1234567');
    await expect(page.getByRole('link', { name: /MusicBrainz/ })).toHaveAttribute('href', `https://musicbrainz.org/release/${MBID}`);
    await expect(page.getByRole('link', { name: /Discogs/ })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(page.getByRole('link', { name: /Discogs/ })).toHaveAttribute('target', '_blank');
    await page.screenshot({ path: test.info().outputPath('edit-details-1280.png'), fullPage: true });

    // The opened section, filled, in both themes at a phone's width and a desktop's.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.evaluate((theme) => localStorage.setItem('spindle-theme', theme), colorScheme);
      await page.reload();
      await expect(page.getByLabel('Notes', { exact: true })).toHaveValue('Bought at the fair.\nPlays perfectly.');
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await details.scrollIntoViewIfNeeded();
        expect(await seriousAxeFindings(page)).toEqual([]);
        if (SHOTS) await details.screenshot({ path: `${SHOTS}/pressing-details-${colorScheme}-${width}.png` });
      }
    }
  });

  test('editing only the title keeps the notes and the tracklist, which the page reads with the album', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await collection(page, 'Jazz');
    const tracklist = [
      { position: 'A1', title: 'So What', duration: '9:22' },
      { position: 'A2', title: 'Freddie Freeloader' },
    ];
    const id = await addAlbum(page, { collection: 'Jazz', title: 'Kind of Blue', artist: 'Miles Davis', notes: 'Six-eye label.\nPlays quiet.', tracklist });

    // Opened from the home's card, as a collector does: the list holds no notes, the page reads them.
    await page.goto('/collection?collection=Jazz');
    await page.getByRole('link', { name: /Kind of Blue/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`/album/${id}$`));
    await expect(page.getByLabel('Notes', { exact: true })).toHaveValue('Six-eye label.\nPlays quiet.');
    await expect(page.getByLabel('Track 1 title', { exact: true })).toHaveValue('So What');
    await page.getByLabel('Title', { exact: true }).fill('Kind of Blue (mono)');
    await page.getByRole('button', { name: 'Save Album' }).click();
    await expect(page).toHaveURL(/\/collection\?collection=Jazz$/);

    const album = (await (await page.request.get(`/api/albums/${id}`)).json()) as Record<string, unknown>;
    expect(album).toMatchObject({ title: 'Kind of Blue (mono)', notes: 'Six-eye label.\nPlays quiet.', tracklist });
  });

  test('while the album loads the page shows placeholders; a failed read offers Try again', async ({ page }) => {
    await signIn(page);
    await collection(page, 'Jazz');
    const id = await addAlbum(page, { collection: 'Jazz', title: 'Blue Train', artist: 'John Coltrane', notes: 'Mono.' });
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/albums/${id}`, async (route) => {
      if (fail) return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal Server Error' }) });
      await held;
      return route.continue();
    });
    await page.goto(`/album/${id}`);
    await expect(page.getByText('This album could not be loaded')).toBeVisible({ timeout: 20_000 });
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByLabel('Loading the album')).toBeVisible();
    release();
    await expect(page.getByLabel('Notes', { exact: true })).toHaveValue('Mono.');
  });

  test('the album page lists the other copies in every collection, and opens one', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await collection(page, 'Jazz');
    await collection(page, 'Car');
    const lp = await addAlbum(page, { collection: 'Jazz', title: 'Kind of Blue', artist: 'Miles Davis', format: 'LP', pressing: '1959 six-eye' });
    const cd = await addAlbum(page, { collection: 'Car', title: ' kind of blue ', artist: 'MILES DAVIS', format: 'CD', pressing: '1997 remaster' });
    await addAlbum(page, { collection: 'Jazz', title: 'Milestones', artist: 'Miles Davis' });

    await page.goto(`/album/${lp}`);
    const copies = page.getByRole('region', { name: 'Other copies in your collections' });
    await expect(copies.getByRole('listitem')).toHaveCount(1);
    await expect(copies.getByRole('listitem')).toContainText('CD');
    await expect(copies.getByRole('listitem')).toContainText('1997 remaster');
    await expect(copies.getByRole('listitem')).toContainText('In “Car”');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('other-copies-390.png'), fullPage: true });
    await copies.getByRole('button', { name: /Open the copy in “Car”/ }).click();
    await expect(page).toHaveURL(new RegExp(`/album/${cd}$`));
    await expect(page.getByRole('region', { name: 'Other copies in your collections' })).toContainText('1959 six-eye');
  });

  test('the shared page shows format and release year, and none of the private details', async ({ page, browser }) => {
    await signIn(page);
    const id = await collection(page, 'Jazz');
    await addAlbum(page, {
      collection: 'Jazz',
      title: 'Blue Train',
      artist: 'John Coltrane',
      releaseYear: 1958,
      format: '78',
      notes: 'Secret note',
      location: 'Shelf Z',
      catalogNumber: 'BLP 1577',
      barcode: '4006381333931',
      pressing: 'Hidden pressing',
      rating: 4,
    });
    const token = ((await (await page.request.post(`/api/collections/${id}/share`)).json()) as { shareToken: string }).shareToken;
    const visitor = await browser.newPage();
    await visitor.goto(`/shared/${token}`);
    const card = visitor.getByTestId('shared-album-card');
    await expect(card).toContainText('Blue Train');
    await expect(card.getByTestId('shared-album-facts')).toHaveText('78 rpm shellac · 1958');
    const text = await visitor.locator('main').innerText();
    for (const secret of ['Secret note', 'Shelf Z', 'BLP 1577', '4006381333931', 'Hidden pressing']) expect(text).not.toContain(secret);
    await visitor.close();
  });
});
