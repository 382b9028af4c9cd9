import { readFile } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.js';
import { seriousAxeFindings } from './support/axe-check';

const ADMIN = { username: 'admin@spindle.test', password: 'admin-password-e2e' };
/** Set to a directory to also keep screenshots of the tab (390 and 1280 px wide, light and dark). */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

// One test run at a time on the server (docs/product/admin.md#testing): these journeys take turns.
test.describe.configure({ mode: 'serial' });

async function openTestingTab(page: Page, theme: 'light' | 'dark' = 'light') {
  await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
  expect((await page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Testing' }).click();
  await expect(page.getByRole('heading', { name: 'Application Testing Dashboard' })).toBeVisible();
  // The cards know their tests before any run.
  await expect(page.locator('[data-suite] li')).not.toHaveCount(0);
}

/** The Radix toast viewport; toasts are read there. */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

const suiteCard = (page: Page, name: string) => page.getByRole('group', { name });

async function runAll(page: Page) {
  await page.getByRole('button', { name: 'Run All Tests' }).click();
  await expect(page.getByText('Running Tests...')).toBeVisible();
  await expect(toasts(page).getByText('Tests Completed', { exact: true })).toBeVisible({ timeout: 60_000 });
}

test('an administrator runs all tests, exports the log and clears it', async ({ page }) => {
  await openTestingTab(page);
  const tests = page.locator('[data-suite] li');
  const total = await tests.count();
  expect(total).toBeGreaterThanOrEqual(15);
  await expect(page.locator('[data-suite] li[data-status="idle"]')).toHaveCount(total);

  await runAll(page);
  // Every test of every suite passed in this environment, each with its duration.
  await expect(page.locator('[data-suite] li[data-status="passed"]')).toHaveCount(total);
  for (const name of ['Core Application', 'Database Integrity', 'User Workflows']) {
    await expect(suiteCard(page, name).getByTestId('suite-status')).toHaveText('Passed');
  }
  await expect(suiteCard(page, 'User Workflows').getByRole('listitem').first()).toContainText(/\d+ ms/);
  const log = page.getByRole('log', { name: 'Test Output' });
  await expect(log).toContainText('✓ Register a throwaway user');
  await expect(log).toContainText('✓ Expected indexes present');
  await expect(log).toContainText('User Workflows: 8 passed, 0 failed');
  // The log follows the newest lines.
  expect(await log.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop)).toBeLessThan(2);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Results' }).click(),
  ]);
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  expect(download.suggestedFilename()).toBe(`spindle-test-results-${today}.txt`);
  const text = await readFile(await download.path(), 'utf8');
  expect(text).toContain('Core Application: passed');
  expect(text).toContain('✓ Delete the throwaway user and its data');
  expect(text).not.toContain('✗');

  await page.getByRole('button', { name: 'Clear Results' }).click();
  await expect(log).toContainText('No tests have run yet');
  await expect(page.locator('[data-suite] li[data-status="idle"]')).toHaveCount(total);
  await expect(suiteCard(page, 'Core Application').getByTestId('suite-status')).toHaveText('Idle');
});

test('a run already going on the server (another administrator’s) shows Test Already Running', async ({ page }) => {
  await openTestingTab(page);
  // Another instance's lease, as a second administrator's run would hold it.
  const db = new SQLite(path.join(E2E_DATA_DIR, 'spindle.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    db.prepare(`INSERT INTO settings (key, value) VALUES ('admin_test_run', ?)`).run(`${Date.now() + 60_000}:another-admin`);
    await suiteCard(page, 'Database Integrity')
      .getByRole('button', { name: /Run Tests/ })
      .click();
    await expect(toasts(page).getByText('Test Already Running', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('Please wait for the current test to complete.')).toBeVisible();
    await expect(suiteCard(page, 'Database Integrity').getByTestId('suite-status')).toHaveText('Idle');
  } finally {
    db.prepare(`DELETE FROM settings WHERE key = 'admin_test_run'`).run();
    db.close();
  }
  // Once it is over, the suite runs.
  await suiteCard(page, 'Database Integrity')
    .getByRole('button', { name: /Run Tests/ })
    .click();
  await expect(suiteCard(page, 'Database Integrity').getByTestId('suite-status')).toHaveText('Passed', { timeout: 30_000 });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Testing tab has no serious or critical axe findings (${theme})`, async ({ page }) => {
    await openTestingTab(page, theme);
    expect(await seriousAxeFindings(page), 'idle').toEqual([]);
    // While it runs: the progress bar and the running tests.
    await page.getByRole('button', { name: 'Run All Tests' }).click();
    const progress = page.getByRole('progressbar', { name: 'Running Tests...' });
    await expect(progress).toBeVisible();
    expect(await seriousAxeFindings(page), 'running').toEqual([]);
    if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-testing-running-${theme}.png`) });
    await expect(toasts(page).getByText('Tests Completed', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(progress).toBeHidden();
    await page.waitForTimeout(250);
    expect(await seriousAxeFindings(page), 'after a run').toEqual([]);
    if (!SCREENSHOT_DIR) return;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `no sideways scroll at ${width}`,
      ).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-testing-${width}-${theme}.png`), fullPage: true });
    }
  });
}
