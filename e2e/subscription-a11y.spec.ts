import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, updateUser } from './support/helpers';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** Set to a directory to also keep a screenshot of every page audited (390 and 1280 px wide). */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

// axe is injected as a script tag, which the app's CSP (rightly) refuses.
test.use({ bypassCSP: true, timezoneId: 'UTC' });

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

type Theme = 'light' | 'dark';

async function audit(page: Page, name: string, theme: Theme, ready: () => Promise<void>) {
  await ready();
  // A phone and a laptop: the layout (and what wraps or overlaps) differs between them.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Let entrance animations and the new layout settle before colours are measured.
    await page.waitForTimeout(250);
    expect(await seriousViolations(page), `${name} (${theme}, ${width} px)`).toEqual([]);
    if (SCREENSHOT_DIR) await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}-${theme}.png`), fullPage: true });
  }
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`subscription pages have no serious or critical axe findings (${theme})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('spindle-theme', value), theme);
    });

    test('visitor: /subscription and /subscription/cancel', async ({ page }) => {
      await page.goto('/subscription');
      await audit(page, 'subscription-visitor', theme, () => expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible());
      await page.goto('/subscription/cancel');
      await audit(page, 'subscription-cancel', theme, () => expect(page.getByRole('heading', { name: 'Checkout Canceled' })).toBeVisible());
    });

    test('trial user: /subscription (with the test payment card when Stripe is in test mode), and the success page while it activates', async ({ page }) => {
      await signIn(page);
      await page.goto('/subscription');
      await audit(page, 'subscription-trial', theme, () => expect(page.getByTestId('trial-kept')).toBeVisible());
      await page.route('**/api/subscription', async (route) => {
        const real = await route.fetch();
        await route.fulfill({ response: real, json: { ...((await real.json()) as object), provider: 'stripe', testMode: true } });
      });
      await page.goto('/subscription');
      await audit(page, 'subscription-trial-stripe-test', theme, () => expect(page.getByRole('heading', { name: 'Test Payment Information' })).toBeVisible());
      // Waits for a handler still answering the page's read: a second fulfil of one route throws.
      await page.unrouteAll({ behavior: 'wait' });
      // Activation held open, so the page stays on its spinner.
      await page.route('**/api/subscription/direct-update', () => new Promise(() => {}));
      await page.goto('/subscription/success?session_id=cs_held');
      await audit(page, 'subscription-success', theme, () => expect(page.getByText('Activating your subscription')).toBeVisible());
    });

    test('paid user: /subscription with the period dates', async ({ page }) => {
      const { email } = await signIn(page);
      updateUser(email, {
        subscription_status: 'active',
        has_had_paid_subscription: 1,
        plan_type: 'premium',
        current_period_start: '2026-03-05T14:30:00.000Z',
        current_period_end: '2027-03-05T14:30:00.000Z',
      });
      await page.goto('/subscription');
      await audit(page, 'subscription-paid', theme, () => expect(page.getByText('March 5, 2027 at 2:30 PM')).toBeVisible());
    });

    test('expired user: /subscribe', async ({ page }) => {
      const { email } = await signIn(page);
      updateUser(email, { trial_end_date: '2020-01-01T00:00:00.000Z' });
      await page.goto('/subscribe');
      await audit(page, 'subscribe', theme, () => expect(page.getByRole('button', { name: 'Download my albums (CSV)' })).toBeVisible());
    });
  });
}
