import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import SQLite from 'better-sqlite3';
import { E2E_DATA_DIR } from '../playwright.config.js';
import { registerViaApi } from './support/helpers';

/** Set to a directory to also keep a screenshot of each tab audited (390 and 1280 px wide). */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function signInAdmin(page: Page) {
  const res = await page.request.post('/api/login', { data: { username: 'admin@spindle.test', password: 'admin-password-e2e' } });
  expect(res.status()).toBe(200);
}

/** A collector (own cookie jar, not the page's) with 'Abbey Road' three times and 'Help!' once in Rock. */
async function collectorWithDuplicates(request: APIRequestContext) {
  const account = await registerViaApi(request);
  expect((await request.post('/api/collections', { data: { name: 'Rock' } })).status()).toBe(201);
  for (const [title, artist] of [
    ['Abbey Road', 'The Beatles'],
    ['abbey road', 'the beatles'],
    ['Abbey  Road ', 'THE BEATLES'],
    ['Help!', 'The Beatles'],
  ]) {
    const res = await request.post('/api/albums', { data: { collection: 'Rock', title, artist, allowDuplicate: true } });
    expect(res.status()).toBe(201);
  }
  return account;
}

function onE2eDatabase(statement: string, username: string) {
  const db = new SQLite(path.join(E2E_DATA_DIR, 'spindle.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(statement).run(username);
  } finally {
    db.close();
  }
}

/** Damage no screen can do (a bad restore would): one album's duplicate key no longer matches its title. */
function staleTitleKey(username: string) {
  onE2eDatabase(
    `UPDATE albums SET title_key = 'stale' WHERE id = (SELECT MIN(a.id) FROM albums a JOIN users u ON u.id = a.user_id WHERE u.username = ?)`,
    username,
  );
}

/** Mends that damage again (the titles are ASCII, so SQLite's lower() makes the app's key), so the
 *  built-in database suite of admin-testing.spec.ts finds the shared database whole. */
function mendTitleKeys(username: string) {
  onE2eDatabase(
    `UPDATE albums SET title_key = lower(trim(title)) WHERE user_id = (SELECT id FROM users WHERE username = ?)`,
    username,
  );
}

async function chooseUser(panel: Locator, page: Page, label: string) {
  await panel.getByRole('combobox', { name: 'User' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(panel.getByRole('combobox', { name: 'User' })).toHaveText(label);
}

async function openTab(page: Page, name: 'Diagnostics' | 'Payments') {
  await page.goto('/admin');
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test.describe('admin diagnostics', () => {
  test('finds a user’s duplicates, removes them after the warning, and the counts follow', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const collector = await playwright.request.newContext({ baseURL });
    const { email } = await collectorWithDuplicates(collector);
    await signInAdmin(page);
    await openTab(page, 'Diagnostics');

    const detector = page.getByRole('region', { name: 'Duplicate Album Detector' });
    // No user chosen yet: the buttons only say so.
    await detector.getByRole('button', { name: 'Remove Duplicates' }).click();
    await expect(toasts(page).getByRole('listitem')).toContainText('No user selected');
    await expect(toasts(page).getByRole('listitem')).toContainText('Please select a user first');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await chooseUser(detector, page, `${email} (4 albums)`);
    await detector.getByRole('button', { name: 'Check Duplicates' }).click();
    await expect(toasts(page).getByRole('listitem')).toContainText('Checking for duplicates');
    await expect(detector.getByText('1 group of duplicates')).toBeVisible();
    const group = detector.getByTestId('duplicate-group');
    await expect(group.getByRole('row')).toHaveCount(3);
    await expect(group.getByText('Kept (oldest)')).toHaveCount(1);
    await expect(group.getByText('Duplicate', { exact: true })).toHaveCount(2);
    await expect(page).toHaveURL(/\/admin\?userId=\d+&action=duplicates$/);

    // The warning, then Cancel changes nothing.
    await detector.getByRole('button', { name: 'Remove Duplicates' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('WARNING: This will permanently remove duplicate albums. Are you sure?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect(((await (await collector.get('/api/albums')).json()) as unknown[]).length).toBe(4);

    await detector.getByRole('button', { name: 'Remove Duplicates' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove Duplicates' }).click();
    await expect(toasts(page).getByRole('listitem')).toContainText('Removed 2 duplicate albums');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(detector.getByText(`No duplicate albums found for ${email}.`)).toBeVisible();
    await expect(detector.getByRole('combobox', { name: 'User' })).toHaveText(`${email} (2 albums)`);
    // The collector's own list has refreshed.
    const left = (await (await collector.get('/api/albums')).json()) as { title: string }[];
    expect(left.map((a) => a.title).sort()).toEqual(['Abbey Road', 'Help!']);

    // The investigation agrees: two albums, both in Rock, nothing orphaned.
    const investigation = page.getByRole('region', { name: 'Album Count Investigation' });
    await chooseUser(investigation, page, `${email} (2 albums)`);
    await investigation.getByRole('button', { name: 'Check Albums' }).click();
    await expect(toasts(page).getByRole('listitem')).toContainText('Running diagnostics');
    await expect(investigation.getByText('Nothing inconsistent found')).toBeVisible();
    await expect(investigation.getByRole('row', { name: 'Rock 2' })).toBeVisible();
    await expect(investigation.getByRole('row', { name: 'Total albums 2' })).toBeVisible();
    await collector.dispose();
  });

  test('/admin?userId=…&action=duplicates|diagnose opens the tab with that user checked', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const collector = await playwright.request.newContext({ baseURL });
    const { email, user } = await collectorWithDuplicates(collector);
    await collector.dispose();
    await signInAdmin(page);

    await page.goto(`/admin?userId=${user.id}&action=duplicates`);
    await expect(page.getByRole('tab', { name: 'Diagnostics' })).toHaveAttribute('aria-selected', 'true');
    const detector = page.getByRole('region', { name: 'Duplicate Album Detector' });
    await expect(detector.getByRole('combobox', { name: 'User' })).toHaveText(`${email} (4 albums)`);
    await expect(detector.getByTestId('duplicate-group').getByRole('row')).toHaveCount(3);

    await page.goto(`/admin?userId=${user.id}&action=diagnose`);
    const investigation = page.getByRole('region', { name: 'Album Count Investigation' });
    await expect(investigation.getByRole('combobox', { name: 'User' })).toHaveText(`${email} (4 albums)`);
    await expect(investigation.getByRole('row', { name: 'Total albums 4' })).toBeVisible();

    // An unknown user: the server's answer, not a blank panel.
    await page.goto('/admin?userId=999999&action=diagnose');
    await expect(page.getByRole('region', { name: 'Album Count Investigation' }).getByRole('alert')).toContainText(
      'User not found',
    );
  });
});

test.describe('admin payments', () => {
  test('shows test mode with the test card; switching to live without live keys is refused and the switch stays', async ({
    page,
  }) => {
    await signInAdmin(page);
    await openTab(page, 'Payments');
    await expect(page.getByTestId('payment-mode-status')).toHaveText('Test Mode');
    await expect(page.getByTestId('test-card-number')).toHaveText('4242 4242 4242 4242');
    const toggle = page.getByRole('switch', { name: 'Live Mode' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    // By keyboard, as a switch is used.
    await toggle.focus();
    await page.keyboard.press('Space');
    const toast = toasts(page).getByRole('listitem');
    await expect(toast).toContainText('Failed to toggle Stripe mode');
    await expect(toast).toContainText('Live mode is not available: no Stripe live keys are configured');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('payment-mode-status')).toHaveText('Test Mode');
    await page.reload();
    await page.getByRole('tab', { name: 'Payments' }).click();
    await expect(page.getByRole('switch', { name: 'Live Mode' })).toHaveAttribute('aria-checked', 'false');
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`Diagnostics and Payments have no serious or critical axe findings (${theme})`, async ({ page, playwright, baseURL }) => {
    await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
    const collector = await playwright.request.newContext({ baseURL });
    const { user, email } = await collectorWithDuplicates(collector);
    await collector.dispose();
    staleTitleKey(email);
    try {
      await signInAdmin(page);

      const audit = async (name: string) => {
        // Let entrance animations settle before colours are measured.
        await page.waitForTimeout(250);
        expect(await seriousAxeFindings(page), `${name} (${theme})`).toEqual([]);
        if (!SCREENSHOT_DIR) return;
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.waitForTimeout(150);
          await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}-${theme}.png`), fullPage: true });
          // Tables scroll inside their card; the page itself never scrolls sideways.
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}px`).toBeLessThanOrEqual(
            width,
          );
        }
      };

      await page.goto(`/admin?userId=${user.id}&action=duplicates`);
      await expect(page.getByTestId('duplicate-group')).toBeVisible();
      await audit('admin-duplicates');
      await page.goto(`/admin?userId=${user.id}&action=diagnose`);
      // With a finding, so its table and explanation are audited too.
      await expect(page.getByRole('heading', { name: /Albums whose duplicate keys disagree/ })).toBeVisible();
      await audit('admin-investigation');
      await openTab(page, 'Payments');
      await expect(page.getByTestId('test-card-number')).toBeVisible();
      await audit('admin-payments');
    } finally {
      mendTitleKeys(email);
    }
  });
}
