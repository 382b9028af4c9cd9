import { expect, test } from '@playwright/test';
import { registerViaApi } from './support/helpers';

const toasts = (page: import('@playwright/test').Page) => page.getByRole('region', { name: /Notifications/ });

test('an "Invalid username or password" toast does not follow onto the password pages, nor onto registration', async ({
  page,
  request,
}) => {
  const { email } = await registerViaApi(request);
  await page.goto('/auth?mode=login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toasts(page).getByText('Invalid username or password')).toBeVisible();

  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(toasts(page).getByText('Invalid username or password')).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(toasts(page).getByText('Invalid username or password')).toHaveCount(0);

  // The same between sign-in and registration on one page.
  await page.goto('/auth?mode=login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toasts(page).getByText('Invalid username or password')).toBeVisible();
  await page.getByRole('link', { name: 'Register here' }).click();
  await expect(page).toHaveURL(/mode=register/);
  await expect(toasts(page).getByText('Invalid username or password')).toHaveCount(0);
});
