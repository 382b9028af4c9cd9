import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { registerViaApi, signIn } from './support/helpers';

/** Set to a directory to keep screenshots of the Users tab (390 and 1280 px, light and dark). */
const SHOTS = process.env.SCREENSHOT_DIR;
const ADMIN = { username: 'admin@spindle.test', password: 'admin-password-e2e' };

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function openUsersTab(page: Page) {
  const res = await page.request.post('/api/login', { data: ADMIN });
  expect(res.status()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('admin-user-row').first()).toBeVisible();
}

/** Narrows the table to one user by the search box, and answers their row. */
async function findRow(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = page.getByTestId('admin-user-row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

async function chooseAction(page: Page, email: string, item: string) {
  const row = await findRow(page, email);
  await row.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return row;
}

/** A user signed in in their own browser context, on their collection home. */
async function userInOwnBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email } = await signIn(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  return { page, email, close: () => context.close() };
}

test.describe('admin Users tab', () => {
  test('pausing a user signs them out: their next navigation lands signed out', async ({ page, browser }) => {
    const user = await userInOwnBrowser(browser);
    await openUsersTab(page);
    const row = await chooseAction(page, user.email, 'Pause');
    await expect(toasts(page)).toContainText('User status updated to paused');
    await expect(row).toContainText('Paused');

    await user.page.goto('/collection');
    await expect(user.page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
    await expect(user.page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);

    // The current status is hidden in the menu; Activate brings them back.
    await row.getByRole('button', { name: `Actions for ${user.email}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Pause' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Activate' }).click();
    await expect(toasts(page)).toContainText('User status updated to active');
    await expect(row).toContainText('Active');
    await user.close();
  });

  test('edits a user: only what changed is sent, an empty e-mail shows as -', async ({ page }) => {
    const { email } = await registerViaApi(page.request, undefined, 'Old', 'Name');
    await openUsersTab(page);
    await chooseAction(page, email, 'Edit User');
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await expect(dialog.getByLabel('Username')).toHaveValue(email);
    await expect(dialog.getByLabel('First Name')).toHaveValue('Old');

    // No change closes without a request.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/update-info')) sent++;
    });
    await dialog.getByRole('button', { name: 'Update User' }).click();
    await expect(dialog).toBeHidden();
    expect(sent).toBe(0);

    await chooseAction(page, email, 'Edit User');
    await dialog.getByLabel('First Name').fill('New');
    await dialog.getByLabel('Email').fill('');
    const request = page.waitForRequest((r) => r.url().endsWith('/update-info'));
    await dialog.getByRole('button', { name: 'Update User' }).click();
    expect((await request).postDataJSON()).toEqual({ email: null, firstName: 'New' });
    await expect(toasts(page)).toContainText('User information updated successfully');
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('admin-user-row').filter({ hasText: email });
    await expect(row.getByRole('cell').nth(1)).toHaveText('-');
  });

  test('End Trial sends the user to /subscribe at their next navigation', async ({ page, browser }) => {
    const user = await userInOwnBrowser(browser);
    await openUsersTab(page);
    const row = await findRow(page, user.email);
    await expect(row).toContainText('Trial');
    await expect(row).toContainText('Trial: Ends');
    await chooseAction(page, user.email, 'Manage Subscription');
    const dialog = page.getByRole('dialog', { name: 'Manage Subscription' });
    await expect(dialog.getByText('Mark trial as expired and set status to inactive')).toBeVisible();
    await expect(dialog.getByText('Note: This will force subscription status to inactive and block user access')).toBeHidden();
    await dialog.getByRole('switch', { name: 'End Trial' }).click();
    await expect(dialog.getByText('Note: This will force subscription status to inactive and block user access')).toBeVisible();
    await dialog.getByRole('button', { name: 'Update Subscription' }).click();
    await expect(toasts(page)).toContainText('User subscription updated successfully');
    await expect(row).toContainText('Inactive');
    await expect(row).toContainText('Trial: Expired');

    await user.page.goto('/collection');
    await expect(user.page).toHaveURL(/\/subscribe$/);
    await user.close();
  });

  test('deletes a user after the Delete User? confirmation', async ({ page }) => {
    const { email } = await registerViaApi(page.request);
    await openUsersTab(page);
    await chooseAction(page, email, 'Delete User');
    const confirm = page.getByRole('alertdialog', { name: 'Delete User?' });
    await expect(confirm).toContainText(
      'This will permanently delete the user account and all associated collections and albums. This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('admin-user-row').filter({ hasText: email })).toHaveCount(1);

    await chooseAction(page, email, 'Delete User');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page)).toContainText('User deleted successfully');
    await expect(page.getByText('No users found')).toBeVisible();
    expect((await page.request.post('/api/login', { data: { username: email, password: 'vinyl-lover-123' } })).status()).toBe(
      401,
    );
  });

  test('the action menu works from the keyboard', async ({ page }) => {
    const { email } = await registerViaApi(page.request);
    await openUsersTab(page);
    const row = await findRow(page, email);
    const trigger = row.getByRole('button', { name: `Actions for ${email}` });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Pause',
      'Revoke',
      'Make Admin',
      'Edit User',
      'Manage Subscription',
      'Delete User',
    ]);
    // Opened from the keyboard, the first item has focus; down past Revoke to Make Admin, and choose it.
    await expect(menu.getByRole('menuitem', { name: 'Pause' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Revoke' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Make Admin' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toasts(page)).toContainText('User is now an admin');
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();

    // Escape closes a dialog opened from the menu and gives focus back to the menu's button.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Make Admin' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Edit User' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`has no serious or critical axe finding in ${theme} mode; the table scrolls inside its card at 390 px`, async ({
      page,
    }) => {
      const { email } = await registerViaApi(page.request, undefined, 'Axe', 'Checked');
      await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
      await openUsersTab(page);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (SHOTS) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: `${SHOTS}/admin-users-${theme}-${width}.png`, fullPage: true });
        }
      }
      // The dialogs too.
      await page.setViewportSize({ width: 1280, height: 900 });
      // This test's own user: other journeys running alongside add and delete theirs.
      await chooseAction(page, email, 'Manage Subscription');
      await page.getByRole('dialog', { name: 'Manage Subscription' }).getByRole('switch', { name: 'End Trial' }).click();
      expect(await seriousAxeFindings(page)).toEqual([]);
      if (SHOTS) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: `${SHOTS}/admin-users-subscription-${theme}-${width}.png` });
        }
      }
      await page.keyboard.press('Escape');
      await chooseAction(page, email, 'Edit User');
      expect(await seriousAxeFindings(page)).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-users-edit-${theme}-${page.viewportSize()?.width}.png` });
    });
  }
});
