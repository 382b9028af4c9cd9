import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { registerViaApi } from './support/helpers';

/*
 * The theme the collector chose on this device (dark, or "system" on a device set to dark) applies on
 * every page, signed in or not: the landing page, sign-in and registration, the password pages and a
 * shared collection. Nothing stored keeps the light default.
 */

/** The colour behind the middle of the viewport: the first element there, or an ancestor, with a background. */
function backgroundAtCentre(page: Page): Promise<[number, number, number]> {
  return page.evaluate(() => {
    let element: Element | null = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
    while (element) {
      const colour = getComputedStyle(element).backgroundColor;
      const parts = colour.match(/[\d.]+/g)?.map(Number) ?? [];
      if (parts.length >= 3 && (parts.length === 3 || parts[3]! > 0.5))
        return [parts[0]!, parts[1]!, parts[2]!] as [number, number, number];
      element = element.parentElement;
    }
    const root = getComputedStyle(document.documentElement)
      .backgroundColor.match(/[\d.]+/g)!
      .map(Number);
    return [root[0]!, root[1]!, root[2]!] as [number, number, number];
  });
}

const isDarkColour = ([r, g, b]: [number, number, number]) => 0.2126 * r + 0.7152 * g + 0.0722 * b < 80;

let sharedPath = '';
test.beforeAll(async ({ request }) => {
  await registerViaApi(request);
  const collection = await request.post('/api/collections', { data: { name: 'Crate' } });
  expect(collection.status()).toBe(201);
  const { id } = (await collection.json()) as { id: number };
  expect(
    (await request.post('/api/albums', { data: { collection: 'Crate', title: 'Kind of Blue', artist: 'Miles Davis' } })).status(),
  ).toBe(201);
  const share = await request.post(`/api/collections/${id}/share`);
  sharedPath = `/shared/${((await share.json()) as { shareToken: string }).shareToken}`;
});

const PAGES: { name: string; path: () => string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'landing',
    path: () => '/',
    ready: (page) => expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible(),
  },
  {
    name: 'sign-in',
    path: () => '/auth?mode=login',
    ready: (page) => expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible(),
  },
  {
    name: 'registration',
    path: () => '/auth?mode=register',
    ready: (page) => expect(page.getByRole('button', { name: /Create Account|Register/ })).toBeVisible(),
  },
  {
    name: 'forgot password',
    path: () => '/forgot-password',
    ready: (page) => expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible(),
  },
  {
    name: 'reset password',
    path: () => '/reset-password?token=not-a-real-token',
    ready: (page) => expect(page.locator('main, [role="main"]').first()).toBeVisible(),
  },
  { name: 'shared collection', path: () => sharedPath, ready: (page) => expect(page.getByText('Kind of Blue')).toBeVisible() },
];

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 850 } });

    for (const target of PAGES) {
      test(`${target.name}: "system" on a device set to dark is dark, and passes axe; light stays light`, async ({ page }) => {
        await page.addInitScript(() => localStorage.setItem('spindle-theme', 'system'));
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.goto(target.path());
        await target.ready(page);
        await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        expect(isDarkColour(await backgroundAtCentre(page))).toBe(true);
        expect(await seriousAxeFindings(page)).toEqual([]);

        await page.emulateMedia({ colorScheme: 'light' });
        await page.reload();
        await target.ready(page);
        await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
        expect(isDarkColour(await backgroundAtCentre(page))).toBe(false);
        expect(await seriousAxeFindings(page)).toEqual([]);
      });
    }
  });
}

test('dark chosen on this device applies on the landing page after signing out', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('spindle-theme', 'dark'));
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(isDarkColour(await backgroundAtCentre(page))).toBe(true);
});
