import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectStoredSelection, signIn } from './support/helpers';

/*
 * A collection name at the length limit (100 characters, one unbroken word: the worst case) never
 * makes a page wider than the screen. Names end in "…" with the full name on hover and to screen
 * readers (docs/product/landing.md#interface-constants); counts and the row's "…" button stay on
 * screen; the dialogs stay centred.
 */

const LONG_NAME = 'Schallplattensammlung'.repeat(5).slice(0, 100);
const SHORT_NAME = 'Jazz';
const WIDTHS = [320, 390, 768, 1280, 1920] as const;
const DRAWER_MAX_WIDTH = 768;

async function seed(page: Page) {
  await signIn(page);
  for (const name of [LONG_NAME, SHORT_NAME]) {
    expect((await page.request.post('/api/collections', { data: { name } })).status()).toBe(201);
  }
  for (const title of ['Kind of Blue', 'A'.repeat(200)]) {
    const res = await page.request.post('/api/albums', {
      data: { collection: LONG_NAME, title, artist: 'B'.repeat(200), lentTo: 'C'.repeat(100), isLent: true },
    });
    expect(res.status()).toBe(201);
  }
}

const home = `/collection?collection=${encodeURIComponent(LONG_NAME)}`;

/** The page does not scroll sideways: the document is no wider than the window. */
async function expectNoSideways(page: Page, where: string) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `document width ${where}`).toBeLessThanOrEqual(client);
}

/** Its opening animation has ended, so it is where it stays. */
async function settled(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => el.getAnimations().length)).toBe(0);
}

/** The element lies inside the window, left to right. */
async function expectInWindow(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(width + 0.5);
}

/** Cut with an ellipsis, with the full name in its title (hover) and text (screen readers). */
async function expectEllipsis(name: Locator) {
  await expect(name).toHaveAttribute('title', LONG_NAME);
  await expect(name).toHaveText(LONG_NAME);
  const cut = await name.evaluate((el) => ({
    overflow: getComputedStyle(el).textOverflow,
    cut: el.scrollWidth > el.clientWidth,
  }));
  expect(cut).toEqual({ overflow: 'ellipsis', cut: true });
}

/** The collections list: each row's name, count and actions button fit in the list (All albums, first, has no actions). */
async function expectCollectionsList(page: Page, nav: Locator) {
  const longRow = nav.getByRole('listitem').filter({ has: page.getByRole('link', { name: LONG_NAME }) });
  await expectEllipsis(longRow.getByTitle(LONG_NAME));
  const navBox = (await nav.boundingBox())!;
  const rows = await nav.getByRole('listitem').all();
  await expect(rows[0]!.getByTestId('all-albums-link')).toBeVisible();
  await expect(rows[0]!.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
  for (const [index, row] of rows.entries()) {
    const parts = [row.getByTestId(index === 0 ? 'all-albums-count' : 'collection-album-count')];
    if (index > 0) parts.push(row.getByRole('button', { name: /^Actions for / }));
    for (const part of parts) {
      const box = (await part.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(navBox.x + navBox.width + 0.5);
      expect(box.width).toBeGreaterThan(0);
    }
  }
  await expect(nav.getByRole('link', { name: new RegExp(`^${LONG_NAME} ?, 2 albums$`) })).toBeVisible();
}

/** A dialog opened from the header menu sits in the middle of the window and fits in it. */
async function expectCentredDialog(page: Page, item: string, title: string) {
  await page.getByRole('button', { name: /^Open menu for / }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await settled(dialog);
  await expectInWindow(page, dialog, `${title} dialog`);
  const box = (await dialog.boundingBox())!;
  expect(Math.abs(box.x + box.width / 2 - page.viewportSize()!.width / 2), `${title} dialog centred`).toBeLessThanOrEqual(1);
  const inside = await dialog.evaluate((el) =>
    [...el.querySelectorAll('*')].every((child) => child.getBoundingClientRect().right <= el.getBoundingClientRect().right + 0.5),
  );
  expect(inside, `${title} dialog's content stays inside it`).toBe(true);
  await expectNoSideways(page, `with ${title} open`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('a 100-character collection name', () => {
  test('the server-drawn home fits every width before the app has loaded', async ({ page }) => {
    await seed(page);
    // The server draws the selection the app stored: let the app store it once, then keep it out.
    await page.goto(home);
    await expectStoredSelection(page, LONG_NAME);
    await page.route('**/assets/*.js', (route) => route.abort());
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(home);
      await expect(page.locator('#root[data-server-render="home"]')).toBeAttached();
      await expect(page.getByRole('heading', { level: 1, name: LONG_NAME })).toBeVisible();
      await expectNoSideways(page, `drawn at ${width} px`);
      await expectInWindow(page, page.getByRole('link', { name: 'Add Album' }), `Add Album at ${width} px`);
    }
  });

  for (const width of WIDTHS) {
    test(`at ${width} px nothing scrolls sideways: home, list of collections, Share and Export`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await seed(page);
      await page.goto(home);
      await expectStoredSelection(page, LONG_NAME);

      const title = page.getByRole('heading', { level: 1, name: LONG_NAME });
      await expect(title).toBeVisible();
      await expectEllipsis(title);
      await expectInWindow(page, page.getByRole('link', { name: 'Add Album' }), 'Add Album');
      await expectInWindow(page, page.getByRole('button', { name: 'Collection actions' }), 'Collection actions');
      // On a phone the filters fold behind one button (the home shows records first): it must fit
      // too, and the filters it opens must fit as well.
      const filters = page.getByRole('button', { name: /^Filters/ });
      if (await filters.isVisible()) {
        await expectInWindow(page, filters, 'Filters button');
        await filters.click();
      }
      await expectInWindow(page, page.getByLabel('Genre'), 'Genre filter');
      await expect(page.getByTestId('album-card')).toHaveCount(2);
      for (const card of await page.getByTestId('album-card').all()) await expectInWindow(page, card, 'album card');
      await expectNoSideways(page, 'on the home');

      if (width <= DRAWER_MAX_WIDTH) {
        await page.getByRole('button', { name: 'Open collections' }).click();
        const drawer = page.getByRole('dialog', { name: 'Collections' });
        await expect(drawer).toBeVisible();
        await settled(drawer);
        await expectInWindow(page, drawer, 'drawer');
        await expectCollectionsList(page, drawer.getByRole('navigation', { name: 'Collections' }));
        await expectNoSideways(page, 'with the drawer open');
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
      } else {
        await expectCollectionsList(page, page.getByRole('navigation', { name: 'Collections' }));
      }

      await expectCentredDialog(page, 'Share Collection', 'Share Collection');
      await expectCentredDialog(page, 'Export to CSV', 'Export to CSV');

      // The album form starts in the long-named collection: its select shows the name, cut.
      await page.goto(`/album/new?collection=${encodeURIComponent(LONG_NAME)}`);
      await expect(page.getByLabel('Collection')).toContainText(LONG_NAME);
      await expectNoSideways(page, 'on the album form');

      // The empty collection's page: its empty state names the long collection too.
      await page.goto(`/collection?collection=${encodeURIComponent(SHORT_NAME)}`);
      await expectStoredSelection(page, SHORT_NAME);
      expect(
        (
          await page.request.put(`/api/collections/${await collectionId(page, SHORT_NAME)}`, {
            data: { name: `${LONG_NAME.slice(0, 99)}2` },
          })
        ).status(),
      ).toBe(200);
      await page.goto(`/collection?collection=${encodeURIComponent(`${LONG_NAME.slice(0, 99)}2`)}`);
      await expect(page.getByRole('heading', { name: /^No albums in/ })).toBeVisible();
      await expectInWindow(page, page.getByRole('link', { name: 'Add your first album' }), 'empty state button');
      await expectNoSideways(page, 'on an empty collection');
    });
  }
});

async function collectionId(page: Page, name: string): Promise<number> {
  const list = (await (await page.request.get('/api/collections')).json()) as { id: number; name: string }[];
  return list.find((c) => c.name === name)!.id;
}
