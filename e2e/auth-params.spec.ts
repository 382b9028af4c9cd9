import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, registerViaApi } from './support/helpers';

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const inLoginMode = async (page: Page) => {
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
};

test.describe('auth page query parameters', () => {
  test('mode=login and mode=register choose the fields', async ({ page }) => {
    await page.goto('/auth?mode=login');
    await inLoginMode(page);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveCount(0);

    await page.goto('/auth?mode=register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    for (const label of ['Email Address', 'First Name', 'Last Name', 'Password']) await expect(page.getByLabel(label)).toBeVisible();
  });

  test('login=true shows login', async ({ page }) => {
    await page.goto('/auth?login=true');
    await inLoginMode(page);
  });

  test('the toggle link switches mode and updates the address without reloading', async ({ page }) => {
    await page.goto('/auth?mode=login');
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await page.getByRole('link', { name: 'Register here' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    await expect(page.getByLabel('Email Address')).toBeVisible();
    await page.getByRole('link', { name: 'Login here' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=login$/);
    await inLoginMode(page);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  });

  test('session_id with payment_success=true stores the session id, toasts Payment Successful! and switches to login', async ({ page }) => {
    await page.goto('/auth?mode=register&session_id=cs_test_e2e_1&payment_success=true');
    await expect(toasts(page).getByText('Payment Successful!')).toBeVisible();
    await expect(toasts(page).getByText('Please log in to activate your premium subscription.')).toBeVisible();
    await inLoginMode(page);
    expect(await page.evaluate(() => localStorage.getItem('pendingSubscriptionSessionId'))).toBe('cs_test_e2e_1');
  });

  test('a login with a pending subscription session goes to the success page with that id', async ({ page }) => {
    const { email } = await registerViaApi(page.request);
    await page.request.post('/api/logout');
    // The success page's activation is held open (this id was never paid), so the page stays to be read.
    await page.route('**/api/subscription/direct-update', () => new Promise(() => {}));
    await page.goto('/auth?session_id=cs_test_e2e_2&payment_success=true');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_test_e2e_2$/);
    await expect(toasts(page).getByText('Processing your subscription...')).toBeVisible();
  });

  test('subscription_activated=true shows the green banner and the toast', async ({ page }) => {
    await page.goto('/auth?subscription_activated=true');
    const banner = page.getByRole('main').getByRole('status');
    await expect(banner).toContainText('Subscription Activated');
    await expect(banner).toContainText('Please log in');
    // Green: the success colour of the light theme.
    await expect(banner.getByText('Subscription Activated', { exact: true })).toHaveCSS('color', 'rgb(21, 128, 61)');
    await expect(toasts(page).getByText('Subscription Activated!')).toBeVisible();
    await inLoginMode(page);
  });

  test('subscribe=true leads to checkout after login', async ({ page }) => {
    const { email } = await registerViaApi(page.request);
    await page.request.post('/api/logout');
    await page.goto('/auth?login=true&subscribe=true');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => visited.some((url) => url.endsWith('/subscription?checkout=true'))).toBe(true);
    // The subscription page carries on to checkout (the demo provider's page here).
    await expect(page.getByText('Test mode — no real money')).toBeVisible();
  });

  test('from_login_page is set on the auth page and removed 2 s after leaving it', async ({ page }) => {
    await page.goto('/auth');
    await inLoginMode(page);
    expect(await page.evaluate(() => sessionStorage.getItem('from_login_page'))).toBe('true');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    expect(await page.evaluate(() => sessionStorage.getItem('from_login_page'))).toBe('true');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('from_login_page')), { timeout: 4000 }).toBeNull();
  });
});
