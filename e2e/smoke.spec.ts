import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/helpers';

test('the API answers health through the e2e server', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
});

/** Collects Content-Security-Policy violations the page reports (the policy allows no unsafe-inline script). */
function cspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the built app runs under its Content-Security-Policy without a violation, signed out and signed in', async ({ page }) => {
  const violations = cspViolations(page);
  for (const path of ['/', '/auth?mode=register', '/terms-of-service', '/no-such-page']) {
    const res = await page.goto(path);
    // Scripts from the site, and the theme's inline script by its hash: nothing else inline.
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    await page.waitForLoadState('networkidle');
  }
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('spindle-theme', 'dark'));
  for (const path of ['/', '/profile', '/album/new']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test('checking a form runs no eval the CSP would report (zod is jitless in the browser; Lighthouse counted it)', async ({ page }) => {
  const violations = cspViolations(page);
  // A caught eval still fires the page's violation event (and an issue in DevTools).
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy: ${event.violatedDirective} ${event.sourceFile}`));
  });
  await signIn(page);
  expect((await page.request.post('/api/collections', { data: { name: 'Shelf' } })).status()).toBe(201);
  await page.goto('/album/new?collection=Shelf');
  await page.getByRole('button', { name: 'Save Album' }).click();
  await expect(page.getByLabel('Title')).toHaveAccessibleDescription('Title is required');
  await page.getByLabel('Title').fill('Horses');
  await page.getByLabel('Artist').fill('Patti Smith');
  await page.getByRole('button', { name: 'Save Album' }).click();
  await expect(page).toHaveURL(/\/collection\?collection=Shelf$/);
  expect(violations).toEqual([]);
});

