import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { registerViaApi } from './support/helpers';

/** Set to a directory to also keep screenshots of the tab (390 and 1280 px, light and dark). */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

const ADMIN = { username: 'admin@spindle.test', password: 'admin-password-e2e' };

// The alert history is one list for the whole site: these journeys run one after another.
test.describe.configure({ mode: 'serial' });

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const alertsTab = (page: Page) => page.getByRole('tab', { name: /^Alerts/ });
const historyList = (page: Page) => page.getByRole('list', { name: 'Alert history' });
const historyItem = (page: Page, username: string) => historyList(page).getByRole('listitem').filter({ hasText: username });

async function signInAsAdmin(page: Page) {
  const res = await page.request.post('/api/login', { data: ADMIN });
  expect(res.status()).toBe(200);
}

async function unreadCount(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/admin/alerts/count')).json()) as { count: number }).count;
}

async function markAllRead(request: APIRequestContext) {
  expect((await request.put('/api/admin/alerts/history/read-all')).status()).toBe(204);
}

async function openAlertsTab(page: Page) {
  await page.goto('/admin');
  await alertsTab(page).click();
  await expect(page.getByRole('heading', { name: 'Alert Configuration' })).toBeVisible();
}

/** The badge shows the server's unread count (other journeys may register users meanwhile). */
async function expectBadgeMatchesServer(page: Page) {
  await expect
    .poll(async () => {
      const count = await unreadCount(page.request);
      const text = (await alertsTab(page).textContent()) ?? '';
      return text === `Alerts, unread alerts: ${count > 9 ? '9+' : count}` && count > 0;
    })
    .toBe(true);
}

test('a registration makes a New user registration alert; the badge counts it; one and then all are marked read', async ({ page, playwright }) => {
  await signInAsAdmin(page);
  await markAllRead(page.request);
  // Registered from another client, as a visitor would.
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const first = await registerViaApi(visitor);
  const second = await registerViaApi(visitor);
  await visitor.dispose();

  await openAlertsTab(page);
  for (const account of [first, second]) {
    const item = historyItem(page, account.email);
    await expect(item).toContainText('New User Registration');
    await expect(item).toContainText('New user registration.');
    await expect(item.getByText('New', { exact: true })).toBeVisible();
  }
  await expectBadgeMatchesServer(page);
  const before = await unreadCount(page.request);

  await historyItem(page, first.email).getByRole('button', { name: 'Mark as read' }).click();
  await expect(historyItem(page, first.email).getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(historyItem(page, first.email).getByText('New', { exact: true })).toHaveCount(0);
  await expect(historyItem(page, second.email).getByText('New', { exact: true })).toBeVisible();
  await expect.poll(() => unreadCount(page.request)).toBeLessThan(before);
  await expectBadgeMatchesServer(page);

  await page.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(toasts(page).getByRole('listitem')).toContainText('All alerts marked as read');
  await expect(alertsTab(page)).toHaveText('Alerts');
  await expect(page.getByRole('button', { name: 'Mark All Read' })).toHaveCount(0);
  await expect(historyItem(page, second.email).getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
});

test('an administrator changes a threshold; invalid input is ignored; the recipient field shows with e-mail on', async ({ page }) => {
  await signInAsAdmin(page);
  await openAlertsTab(page);
  const albumRow = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Album Count' }) });
  const threshold = albumRow.getByLabel('Threshold');
  await expect(threshold).toHaveValue('1000');

  await threshold.fill('250');
  await threshold.press('Enter');
  await expect(toasts(page).getByRole('listitem')).toContainText('Alert configuration updated successfully');
  const saved = async () =>
    ((await (await page.request.get('/api/admin/alerts/config')).json()) as { id: number; type: string; threshold?: number; emailNotification: boolean; notificationEmail: string | null }[]).find(
      (c) => c.type === 'album_count',
    )!;
  await expect.poll(async () => (await saved()).threshold).toBe(250);

  // docs/product/admin.md#alerts: negative or invalid input is ignored and the value is unchanged.
  await threshold.fill('-3');
  await threshold.blur();
  await expect(threshold).toHaveValue('250');
  expect((await saved()).threshold).toBe(250);

  // The recipient field only with e-mail notification on; empty is saved as null.
  await expect(albumRow.getByLabel('Notification email')).toHaveCount(0);
  await albumRow.getByRole('switch', { name: 'Email notification' }).click();
  const recipient = albumRow.getByLabel('Notification email');
  await expect(recipient).toBeVisible();
  await recipient.fill('ops@example.com');
  await recipient.blur();
  await expect.poll(async () => (await saved()).notificationEmail).toBe('ops@example.com');
  expect((await saved()).emailNotification).toBe(true);
  await recipient.fill('');
  await recipient.blur();
  await expect.poll(async () => (await saved()).notificationEmail).toBeNull();
  await albumRow.getByRole('switch', { name: 'Email notification' }).click();
  await expect(albumRow.getByLabel('Notification email')).toHaveCount(0);

  // After a reload the list shows what was saved.
  await page.reload();
  await alertsTab(page).click();
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Album Count' }) }).getByLabel('Threshold')).toHaveValue('250');
  expect((await page.request.put(`/api/admin/alerts/config/${(await saved()).id}`, { data: { threshold: 1000 } })).status()).toBe(200);
});

test('the Alerts badge shows 9+ above 9', async ({ page, playwright }) => {
  await signInAsAdmin(page);
  await markAllRead(page.request);
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  for (let i = 0; i < 10; i++) await registerViaApi(visitor);
  await visitor.dispose();
  await page.goto('/admin');
  await expect(alertsTab(page)).toHaveText('Alerts, unread alerts: 9+');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Alerts tab has no serious or critical axe findings (${theme})`, async ({ page, playwright }) => {
    await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
    await signInAsAdmin(page);
    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const account = await registerViaApi(visitor);
    await visitor.dispose();
    await openAlertsTab(page);
    await expect(historyItem(page, account.email)).toBeVisible();
    // An e-mail field open too, so it is audited.
    const newUserRow = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'New User Registration' }) });
    await newUserRow.getByRole('switch', { name: 'Email notification' }).click();
    await expect(newUserRow.getByLabel('Notification email')).toBeVisible();
    await expect(toasts(page).getByRole('listitem')).toContainText('Alert configuration updated successfully');
    await page.waitForTimeout(250);
    expect(await seriousAxeFindings(page)).toEqual([]);
    if (SCREENSHOT_DIR) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(150);
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-alerts-${width}-${theme}.png`), fullPage: true });
        // No sideways scroll: the page is as wide as the window; and nothing hangs below the page's last card.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(
          await page.evaluate(() => document.documentElement.scrollHeight - document.querySelector('main')!.getBoundingClientRect().bottom - window.scrollY),
        ).toBeLessThan(2);
      }
    }
    await newUserRow.getByRole('switch', { name: 'Email notification' }).click();
    await expect(newUserRow.getByLabel('Notification email')).toHaveCount(0);
  });
}

test('failures show the documented toasts and leave the saved values; an empty history says so', async ({ page }) => {
  await signInAsAdmin(page);
  await page.route('**/api/admin/alerts/history', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
  await openAlertsTab(page);
  await expect(toasts(page).getByRole('listitem')).toContainText('Failed to load alert history');
  await expect(page.getByText('The alert history could not be loaded.')).toBeVisible();

  await page.unroute('**/api/admin/alerts/history');
  await page.route('**/api/admin/alerts/history', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"alerts":[]}' }));
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'No alerts yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark All Read' })).toHaveCount(0);
  if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-alerts-empty-1280-light.png'), fullPage: true });

  // A refused save: the toast, and the switch shows the saved value again.
  await page.route('**/api/admin/alerts/config/*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
  const enabled = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Collection Count' }) }).getByRole('switch', { name: 'Enabled' });
  await expect(enabled).toBeChecked();
  await enabled.click();
  await expect(toasts(page).getByRole('listitem')).toContainText('Failed to update alert configuration');
  await expect(enabled).toBeChecked();

  await page.route('**/api/admin/alerts/config', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
  await page.reload();
  await alertsTab(page).click();
  await expect(toasts(page).getByRole('listitem')).toContainText('Failed to load alert configurations');
  await expect(page.getByText('The alert configurations could not be loaded.')).toBeVisible();
});

const operationalCard = (page: Page) => page.getByRole('list', { name: 'Operational alerts' });

test('operational alerts: mail, database and disk are shown OK while the service runs normally', async ({ page }) => {
  await signInAsAdmin(page);
  await openAlertsTab(page);
  await expect(page.getByRole('heading', { name: 'Operational Alerts' })).toBeVisible();
  await expect(page.getByText('The service is running normally.')).toBeVisible();
  for (const label of ['Mail Failing', 'Database Errors', 'Disk Nearly Full']) {
    await expect(operationalCard(page).getByRole('listitem').filter({ hasText: label })).toContainText('OK');
  }
  await expect(operationalCard(page).getByRole('listitem').filter({ hasText: 'Disk Nearly Full' })).toContainText(/GiB free of .* GiB/);
});

for (const theme of ['light', 'dark'] as const) {
  test(`an active operational alert is shown with its message and start, without serious axe findings at 390 and 1280 px (${theme})`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
    await signInAsAdmin(page);
    const since = new Date(Date.now() - 5 * 60_000).toISOString();
    // The server's checks are covered by the API tests; here the page's drawing of an active one.
    await page.route('**/api/admin/operational-alerts', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          checkedAt: new Date().toISOString(),
          alerts: [
            { kind: 'mail_failing', active: true, since, message: '3 mails could not be sent (last error: connect ECONNREFUSED 10.0.0.5:587).' },
            { kind: 'database_errors', active: false, since: null, message: 'No database errors in the last 5 minutes.' },
            { kind: 'disk_nearly_full', active: false, since: null, message: "41.2 GiB free of 98.3 GiB on the data directory's file system." },
          ],
        }),
      }),
    );
    await openAlertsTab(page);
    await expect(page.getByText('1 needs attention')).toBeVisible();
    const mail = operationalCard(page).getByRole('listitem').filter({ hasText: 'Mail Failing' });
    await expect(mail).toContainText('Alert');
    await expect(mail).toContainText('3 mails could not be sent');
    await expect(mail.locator('time')).toHaveAttribute('datetime', since);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `admin-operational-alerts-${width}-${theme}.png`), fullPage: true });
    }
  });
}
