import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/helpers';

/*
 * The album form's sticky Save bar (docs/product/albums.md#form) never hides the field that has focus
 * (WCAG 2.4.11), and an error toast never covers Save Album.
 */

async function openLentAlbum(page: Page) {
  await signIn(page);
  expect((await page.request.post('/api/collections', { data: { name: 'Attic' } })).status()).toBe(201);
  const res = await page.request.post('/api/albums', {
    data: { collection: 'Attic', title: 'Kind of Blue', artist: 'Miles Davis', isLent: true, lentTo: 'Sam' },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await page.goto(`/album/${id}`);
  await expect(page.getByRole('button', { name: 'Save Album' })).toBeVisible();
}

/** The focused element, and the top of the sticky bar that holds Save Album. */
const focusAndBar = (page: Page) =>
  page.evaluate(() => {
    let bar = document.querySelector('button[type="submit"]')!.parentElement;
    while (bar && getComputedStyle(bar).position !== 'sticky') bar = bar.parentElement;
    const active = document.activeElement!;
    const box = active.getBoundingClientRect();
    return {
      name: active.id || active.getAttribute('aria-label') || active.textContent?.trim().slice(0, 30) || active.tagName,
      inBar: bar!.contains(active),
      top: box.top,
      bottom: box.bottom,
      barTop: bar!.getBoundingClientRect().top,
    };
  });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 800 },
]) {
  test(`at ${viewport.width} × ${viewport.height}, every field reached with Tab shows above the Save bar`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openLentAlbum(page);
    await page.getByLabel('Title').focus();
    const seen: string[] = [];
    for (let press = 0; press < 60; press++) {
      await page.keyboard.press('Tab');
      const focus = await focusAndBar(page);
      if (focus.inBar) break;
      seen.push(focus.name);
      expect(focus.bottom, `${focus.name} is not under the Save bar`).toBeLessThanOrEqual(focus.barTop);
      expect(focus.top, `${focus.name} is on screen`).toBeGreaterThanOrEqual(0);
    }
    // The walk went through the lending fields, the ones the issue found hidden.
    expect(seen).toEqual(expect.arrayContaining(['album-price', 'album-is-lent', 'album-lent-to']));
  });

  test(`at ${viewport.width} px an error toast leaves Save Album uncovered`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openLentAlbum(page);
    await page.route('**/api/albums/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { message: 'Internal server error' } })
        : route.fallback(),
    );
    const save = page.getByRole('button', { name: 'Save Album' });
    await save.click();
    const toast = page.locator('li[data-variant="destructive"]');
    await expect(toast).toBeVisible();
    await expect.poll(() => toast.evaluate((el) => el.getAnimations().length)).toBe(0);
    const [t, s] = [(await toast.boundingBox())!, (await save.boundingBox())!];
    const overlaps = t.x < s.x + s.width && s.x < t.x + t.width && t.y < s.y + s.height && s.y < t.y + t.height;
    expect(overlaps).toBe(false);
  });
}
