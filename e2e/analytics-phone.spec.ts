import { expect, test } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers';

/*
 * On a phone the lent albums are a stacked list, every field in view, not a table whose columns hide
 * in a sideways scroller; from 640 px the table is back. The totals name the sum for what it is.
 */

for (const colorScheme of ['light', 'dark'] as const) {
  test(`at 390 px in ${colorScheme}, each loan shows who has it, since when, where it belongs and for how long, with nothing off screen`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme });
    await page.addInitScript((theme) => localStorage.setItem('spindle-theme', theme), colorScheme);
    await signIn(page);
    expect((await page.request.post('/api/collections', { data: { name: 'Jazz Corner' } })).status()).toBe(201);
    const album = {
      collection: 'Jazz Corner',
      title: 'Blue Train',
      artist: 'John Coltrane',
      isLent: true,
      lentTo: 'Sam Okonkwo-Fairweather',
      lentDate: '2024-01-15',
    };
    expect((await page.request.post('/api/albums', { data: album })).status()).toBe(201);
    await page.goto('/analytics');

    await expect(page.getByText('Total price paid')).toBeVisible();
    const list = page.getByTestId('lent-albums-list');
    await expect(list).toBeVisible();
    const item = list.getByRole('listitem');
    await expect(item).toHaveCount(1);
    for (const text of [
      'Blue Train',
      'John Coltrane',
      'Lent to',
      'Sam Okonkwo-Fairweather',
      'Since',
      'Collection',
      'Jazz Corner',
    ]) {
      const part = item.getByText(text, { exact: true });
      await expect(part).toBeVisible();
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // No sideways scroller: the table is not shown at this width.
    await expect(page.getByRole('region', { name: 'Lent albums' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(list).toBeHidden();
    await expect(page.getByRole('region', { name: 'Lent albums' }).getByRole('row')).toHaveCount(2);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
}
