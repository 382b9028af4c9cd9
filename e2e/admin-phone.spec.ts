import { expect, test } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { registerViaApi } from './support/helpers';

/*
 * At 390 px the admin dashboard fits: the five tabs wrap instead of hiding in a scroller, and each
 * user is a card whose status and actions are in view, not columns cut off at the edge.
 */

const ADMIN = { username: 'admin@spindle.test', password: 'admin-password-e2e' };

for (const colorScheme of ['light', 'dark'] as const) {
  test(`at 390 px in ${colorScheme}: every tab and a user's status and actions are in view`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme });
    await page.addInitScript((theme) => localStorage.setItem('spindle-theme', theme), colorScheme);
    const { email } = await registerViaApi(page.request);
    await page.request.post('/api/logout');
    expect((await page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

    for (const tab of await page.getByRole('tab').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    const card = page.getByTestId('admin-user-row').filter({ hasText: email });
    await expect(card).toHaveCount(1);
    for (const part of [card.getByText('Active', { exact: true }), card.getByRole('button', { name: `Actions for ${email}` })]) {
      await expect(part).toBeVisible();
      const box = (await part.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
}
