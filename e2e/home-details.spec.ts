import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectStoredSelection, signIn } from './support/helpers';

/*
 * On the collection home: small text on the accent's soft fill meets AA in both
 * themes, headings do not skip a level, the first sidebar item's focus ring is whole, and the
 * collection-name field takes no more than the limit.
 */

async function seed(page: Page) {
  await signIn(page);
  expect((await page.request.post('/api/collections', { data: { name: 'Attic' } })).status()).toBe(201);
  expect((await page.request.post('/api/collections', { data: { name: 'Basement' } })).status()).toBe(201);
  const album = { collection: 'Attic', title: 'Kind of Blue', artist: 'Miles Davis', isLent: true, lentTo: 'Sam' };
  expect((await page.request.post('/api/albums', { data: album })).status()).toBe(201);
  await page.goto('/collection?collection=Attic');
  await expectStoredSelection(page, 'Attic');
}

/** WCAG contrast of an element's text colour on the nearest background colour behind it. */
function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const rgb = (value: string) =>
      value
        .match(/[\d.]+/g)!
        .slice(0, 4)
        .map(Number);
    let host: Element | null = element;
    let background = rgb(getComputedStyle(host).backgroundColor);
    while (host && (background[3] ?? 1) === 0) {
      host = host.parentElement;
      background = host ? rgb(getComputedStyle(host).backgroundColor) : [255, 255, 255, 1];
    }
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r!, g!, b!].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    const [a, b] = [luminance(rgb(getComputedStyle(element).color)), luminance(background)].sort((x, y) => y - x);
    return (a! + 0.05) / (b! + 0.05);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`${colorScheme} mode: the Lent badge and the avatar initials are at least 4.5:1`, async ({ page }) => {
    await page.addInitScript((theme) => localStorage.setItem('spindle-theme', theme), colorScheme);
    await seed(page);
    if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    const badge = page.getByTestId('lent-badge');
    await expect(badge).toHaveText('Lent to Sam');
    expect(await contrastOf(badge)).toBeGreaterThanOrEqual(4.5);
    const initials = page
      .getByRole('button', { name: /^Open menu for / })
      .locator('span[aria-hidden]')
      .first();
    await expect(initials).toHaveText('TC');
    expect(await contrastOf(initials)).toBeGreaterThanOrEqual(4.5);
  });
}

test('headings go down one level at a time: the collection (h1), then its albums (h2)', async ({ page }) => {
  await seed(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Kind of Blue' })).toBeVisible();
  const levels = await page
    .locator('main')
    .evaluate((main) => [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1])));
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
});

test("the first collection's focus ring shows whole inside the sidebar", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await seed(page);
  const newCollection = page.getByRole('navigation', { name: 'Collections' }).getByRole('button', { name: 'New collection' });
  await newCollection.focus();
  await page.keyboard.press('Tab');
  const first = page.getByRole('navigation', { name: 'Collections' }).getByRole('link').first();
  await expect(first).toBeFocused();
  const ring = await first.evaluate((link) => {
    const style = getComputedStyle(link);
    const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    const box = link.getBoundingClientRect();
    const clip = link.closest('[data-radix-scroll-area-viewport]')!.getBoundingClientRect();
    return {
      style: style.outlineStyle,
      top: box.top - reach - clip.top,
      left: box.left - reach - clip.left,
      right: clip.right - (box.right + reach),
    };
  });
  expect(ring.style).toBe('solid');
  expect(ring.top).toBeGreaterThanOrEqual(0);
  expect(ring.left).toBeGreaterThanOrEqual(0);
  expect(ring.right).toBeGreaterThanOrEqual(0);
});

test('the collection-name field takes at most 100 characters, the limit', async ({ page }) => {
  await seed(page);
  const newCollection = page.getByRole('navigation', { name: 'Collections' }).getByRole('button', { name: 'New collection' });
  await newCollection.focus();
  await page.keyboard.press('Enter');
  const name = page.getByRole('dialog', { name: 'New collection' }).getByLabel('Name');
  await expect(name).toBeFocused();
  await page.keyboard.type('x'.repeat(120));
  await expect(name).toHaveValue('x'.repeat(100));
});
