import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_MAIL_DIR } from '../playwright.config.js';
import { seriousAxeFindings } from './support/axe-check';
import { PASSWORD, signIn } from './support/helpers';

/** Whether the test SMTP server received a mail for `to` with that subject. */
const hasMail = (to: string, subject: string) =>
  readdirSync(E2E_MAIL_DIR)
    .map((file) => readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8'))
    .some((raw) => raw.includes(`To: ${to}`) && raw.includes(`Subject: ${subject}`));

const card = (page: Page) => page.getByRole('form', { name: 'Change password' });

test.describe('change password while signed in', () => {
  test('Profile → Change password: wrong current password refused beside the field, then changed; another device is signed out, this one stays, a mail tells the owner', async ({
    page,
    browser,
  }) => {
    const { email } = await signIn(page);
    // A second device signed in to the same account.
    const other = await browser.newContext();
    const otherLogin = await other.request.post(`${test.info().project.use.baseURL}/api/login`, {
      data: { username: email, password: PASSWORD },
    });
    expect(otherLogin.status()).toBe(200);

    await page.goto('/profile');
    const form = card(page);
    await expect(form.getByRole('heading', { name: 'Change password' })).toBeVisible();

    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Current password is required')).toBeVisible();

    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
    await form.getByLabel('Confirm new password').fill('a-different-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText("Passwords don't match")).toBeVisible();

    await form.getByLabel('Confirm new password').fill('a-brand-new-secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Current password is incorrect')).toBeVisible();
    await expect(form.getByLabel('Current password')).toBeFocused();
    expect((await other.request.get(`${test.info().project.use.baseURL}/api/user`)).status()).toBe(200);

    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page
        .getByRole('region', { name: /Notifications/ })
        .getByText('Your password has been changed. Other devices have been signed out.'),
    ).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveValue('');

    // This device stays signed in; the other is signed out.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    expect((await other.request.get(`${test.info().project.use.baseURL}/api/user`)).status()).toBe(401);
    await other.close();
    await expect.poll(() => hasMail(email, 'Your Spindle password was changed'), { timeout: 20_000 }).toBe(true);
  });

  for (const width of [390, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`the card passes axe at ${width} px in ${colorScheme}, with its errors shown`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme });
        await signIn(page);
        await page.goto('/profile');
        await page.evaluate((theme) => localStorage.setItem('spindle-theme', theme), colorScheme);
        await page.reload();
        const form = card(page);
        await form.getByRole('button', { name: 'Change password' }).click();
        await expect(form.getByText('Current password is required')).toBeVisible();
        expect(await seriousAxeFindings(page)).toEqual([]);
      });
    }
  }
});
