import { expect, test } from '@playwright/test';
import { signIn } from './support/helpers';

const isDark = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test.describe('theme (light, dark or system, stored locally, default light)', () => {
  test('the default is light', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await isDark(page)).toBe(false);
  });

  test('dark theme chosen in the header menu survives a reload', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('spindle-theme'))).toBe('dark');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(26, 24, 22)');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name: 'Light mode' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('spindle-theme'))).toBe('light');
  });

  test('the stored theme applies before any script of the app has run', async ({ page }) => {
    await page.goto('/auth');
    await page.evaluate(() => localStorage.setItem('spindle-theme', 'dark'));
    // The app's own code never arrives: only the page's inline theme script can set the class.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/auth');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
  });

  test('system follows the device, live', async ({ page }) => {
    await signIn(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/profile');
    await page.getByRole('radio', { name: 'System' }).click();
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });
});
