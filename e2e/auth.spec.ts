import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, registerViaApi, uniqueEmail, updateUser } from './support/helpers';

/** The Radix toast viewport; toasts are read there (Radix also copies their text to a live region). */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function logInWithForm(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test.describe('auth page', () => {
  test('a visitor sees the landing page, registers, lands on the collection home, logs out and logs in again', async ({ page }) => {
    const email = uniqueEmail('journey');
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('Email Address')).toHaveAttribute('type', 'email');
    await expect(page.getByText('Your email address will be your username when you log in.')).toBeVisible();

    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(toasts(page).getByText('Account created')).toBeVisible();
    await expect(toasts(page).getByText('Your account has been created successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/collections$/);
    await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    expect((await page.request.get('/api/user')).status()).toBe(401);

    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await expect(page).toHaveURL(/\/auth\?mode=login$/);
    await logInWithForm(page, email);
    await expect(page).toHaveURL(/\/collections$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toContainText('Ada Lovelace');
  });

  test('every visible field is required, with the messages under the fields', async ({ page }) => {
    await page.goto('/auth?mode=register');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await page.getByRole('link', { name: 'Login here' }).click();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('a wrong password shows the Error toast with the server message and stays on the page', async ({ page }) => {
    const { email } = await registerViaApi(page.request);
    await page.request.post('/api/logout');
    await page.goto('/auth');
    await logInWithForm(page, email, 'not-the-password');
    const toast = toasts(page).getByRole('listitem');
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('Invalid username or password');
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('registering an e-mail that exists shows the server message', async ({ page }) => {
    const { email } = await registerViaApi(page.request);
    await page.request.post('/api/logout');
    await page.goto('/auth?mode=register');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(toasts(page).getByText('An account with this email already exists')).toBeVisible();
    await expect(page).toHaveURL(/mode=register/);
  });

  test('a paused user cannot log in: the message is shown', async ({ page }) => {
    const { email } = await registerViaApi(page.request);
    await page.request.post('/api/logout');
    updateUser(email, { account_status: 'paused' });
    await page.goto('/auth?mode=login');
    await logInWithForm(page, email);
    await expect(toasts(page).getByText('Your account has been paused. Please contact support to reactivate it.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\?mode=login$/);
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });

  test('a signed-in user visiting /auth goes to the collection home', async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto('/auth?mode=register');
    await expect(page).toHaveURL(/\/collections$/);
    await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible();
  });

  test('/login shows the auth page in login mode and returns to where the visitor was going', async ({ page }) => {
    const { email } = await registerViaApi(page.request);
    await page.request.post('/api/logout');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');

    // A saved navigation-state target wins over /collections (docs/product/auth.md#after-login).
    await page.evaluate(() => window.history.replaceState({ from: '/profile' }, '', '/login'));
    await logInWithForm(page, email);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  });

  test('a gated user logs in and is led to the subscription page', async ({ page }) => {
    const { email } = await registerViaApi(page.request);
    await page.request.post('/api/logout');
    updateUser(email, { subscription_status: 'inactive' });
    await page.goto('/auth');
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await logInWithForm(page, email);
    // The subscription page sends a gated user on to /subscribe, which shows the message login saved.
    await expect(page).toHaveURL(/\/subscribe$/);
    expect(visited).toContain('/subscription');
    await expect(page.getByRole('alert')).toContainText('Your subscription is inactive. Please subscribe to continue.');
    expect(await page.evaluate(() => localStorage.getItem('subscription_message'))).toBeNull();
  });
});
