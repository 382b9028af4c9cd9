import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, signIn } from './support/helpers';

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('menu');
}

test.describe('signed-in shell', () => {
  test('the header menu has every entry; Admin Dashboard only for administrators', async ({ page }) => {
    await signIn(page);
    await page.goto('/collection');
    const menu = await openMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Analytics',
      'Profile',
      'Subscription',
      'Wish List',
      'Record Stores',
      'Share Collection',
      'Export to CSV',
      'Import from CSV',
      'Dark mode',
      'Logout',
    ]);
    const links = {
      Analytics: '/analytics',
      Profile: '/profile',
      Subscription: '/subscription',
      'Wish List': '/wishlist',
      'Record Stores': '/record-stores',
      'Import from CSV': '/import',
    };
    for (const [name, href] of Object.entries(links)) await expect(menu.getByRole('menuitem', { name })).toHaveAttribute('href', href);
  });

  test('an administrator also sees Admin Dashboard', async ({ page }) => {
    const res = await page.request.post('/api/login', { data: { username: 'admin@spindle.test', password: 'admin-password-e2e' } });
    expect(res.status()).toBe(200);
    await page.goto('/');
    const menu = await openMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    await menu.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test('Share Collection without a selected collection shows the error toast', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    const menu = await openMenu(page);
    await menu.getByRole('menuitem', { name: 'Share Collection' }).click();
    const toast = toasts(page).getByRole('listitem');
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('No collection selected to share');
  });

  test('unknown paths show the collection home signed in and the landing page signed out', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    await signIn(page);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible();
  });

  test('a non-admin opening /admin gets the Access Denied toast and is sent home', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin');
    // The toast's own text (Radix also repeats it in a live region, so a bare getByText finds two).
    const toast = toasts(page).getByRole('listitem');
    await expect(toast).toContainText('Access Denied');
    await expect(toast).toContainText("You don't have admin privileges");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible();
  });

  test('a path change shows the full-screen spinner briefly', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible();
    const menu = await openMenu(page);
    await menu.getByRole('menuitem', { name: 'Analytics' }).click();
    await expect(page.getByTestId('full-screen-spinner')).toBeVisible();
    await expect(page.getByTestId('full-screen-spinner')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Collection Analytics' })).toBeVisible();
  });

  test('the sidebar is a drawer at 768 px and narrower', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Collections' })).toBeHidden();
    await page.getByRole('button', { name: 'Open collections' }).click();
    const drawer = page.getByRole('dialog', { name: 'Collections' });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open collections' })).toBeFocused();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('navigation', { name: 'Collections' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open collections' })).toBeHidden();
  });
});

test.describe('profile', () => {
  test('username read-only; saving a new e-mail changes the username and shows a success toast', async ({ page }) => {
    const { email } = await registerViaApi(page.request);
    await page.goto('/profile');
    await expect(page.getByLabel('Username')).toHaveValue(email);
    await expect(page.getByLabel('Username')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('First Name')).toHaveValue('Test');

    const newEmail = `renamed-${email}`;
    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('');
    await page.getByLabel('Email', { exact: true }).fill(newEmail);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page).getByText('Profile updated')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(newEmail);

    const user = await (await page.request.get('/api/user')).json();
    expect(user).toMatchObject({ username: newEmail, email: newEmail, firstName: 'Grace', lastName: null });
  });

  test('email is required and must be valid; nothing is saved', async ({ page }) => {
    const { email } = await registerViaApi(page.request);
    await page.goto('/profile');
    const field = page.getByLabel('Email', { exact: true });
    await field.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await field.fill('not-an-email');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    expect((await (await page.request.get('/api/user')).json()).email).toBe(email);
  });

  test('an e-mail that belongs to another account shows the server message', async ({ page }) => {
    const other = await registerViaApi(page.request);
    await registerViaApi(page.request);
    await page.goto('/profile');
    await page.getByLabel('Email', { exact: true }).fill(other.email);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page).getByText('An account with this email already exists')).toBeVisible();
  });

  test('Back returns to the collection home', async ({ page }) => {
    await signIn(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'No collections yet' })).toBeVisible();
  });
});
