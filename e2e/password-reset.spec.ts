import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_MAIL_DIR } from '../playwright.config.js';
import { decodeQuotedPrintable, resetLinkIn } from '../src/server/test/smtp-sink.js';
import { seriousAxeFindings } from './support/axe-check';
import { registerViaApi } from './support/helpers';

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** The newest mail the test SMTP server received for `to` with that subject, as received (quoted-printable). */
async function mailTo(to: string, subject: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const mails = readdirSync(E2E_MAIL_DIR)
          .sort()
          .map((file) => readFileSync(path.join(E2E_MAIL_DIR, file), 'utf8'))
          .filter((raw) => raw.includes(`To: ${to}`) && raw.includes(`Subject: ${subject}`));
        found = mails.at(-1);
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

async function resetLinkFor(email: string): Promise<string> {
  const link = resetLinkIn(await mailTo(email, 'Reset your Spindle password'));
  expect(link).toBeDefined();
  return link!;
}

test.describe('password reset', () => {
  test('forgot → mail → reset → log in with the new password', async ({ page, request, baseURL }) => {
    // Registered from a separate API context: the browser stays signed out, as someone who forgot their password is.
    const { email } = await registerViaApi(request);
    await page.goto('/auth?mode=login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();

    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText('If an account exists for that email, a password reset link has been sent to it.')).toBeVisible();

    const link = await resetLinkFor(email);
    expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New Password').fill('brand-new-password-1');
    await page.getByLabel('Confirm Password').fill('brand-new-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm Password').fill('brand-new-password-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(toasts(page).getByText('Your password has been reset successfully.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('brand-new-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/collections$/);

    // The "password changed" mail follows.
    expect(decodeQuotedPrintable(await mailTo(email, 'Your Spindle password was changed'))).toContain('/auth?mode=login');
  });

  test("a used link shows 'Invalid or Expired Link' and leads to a new one", async ({ page, request }) => {
    const { email } = await registerViaApi(request);
    expect((await request.post('/api/auth/forgot-password', { data: { email } })).status()).toBe(200);
    const link = await resetLinkFor(email);
    const token = new URL(link).searchParams.get('token');
    expect((await request.post('/api/auth/reset-password', { data: { token, password: 'used-once-password' } })).status()).toBe(200);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
    await page.getByRole('link', { name: 'Request New Link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  });

  test('a link without a token is invalid at once', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
  });

  test('Back to Login leads to the login form', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`no serious or critical axe finding on /forgot-password and /reset-password (${scheme})`, async ({ page, request }) => {
      // The stored theme (docs/product/profile.md#theme: the default is light whatever the system says).
      await page.addInitScript((theme) => localStorage.setItem('spindle-theme', theme), scheme);
      await page.goto('/forgot-password');
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);

      await page.goto('/reset-password?token=not-a-real-token');
      await expect(page.getByRole('heading', { name: 'Invalid or Expired Link' })).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);

      const { email } = await registerViaApi(request);
      await request.post('/api/auth/forgot-password', { data: { email } });
      await page.goto(await resetLinkFor(email));
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.getByLabel('New Password').fill('accessible-password');
      await page.getByLabel('Confirm Password').fill('accessible-password');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();
      expect(await seriousAxeFindings(page)).toEqual([]);
    });
  }
});
