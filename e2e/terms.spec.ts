import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/helpers';

// docs/product/landing.md#terms: the 14 sections in order.
const SECTIONS = [
  'Introduction',
  'Account Registration',
  'Subscription and Free Trial',
  'User Content Licence',
  'Intellectual Property',
  'Feedback',
  'Promotions',
  'Restrictions',
  'Termination',
  'Disclaimer',
  'Limitation of Liability',
  'Changes to These Terms',
  'Governing Law',
  'Contact Us',
];

async function expectTerms(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText('Last updated: February 24, 2025')).toBeVisible();
  await expect(page.locator('main section h2')).toHaveText(SECTIONS.map((title, i) => `${i + 1}. ${title}`));
  const subscription = page.getByRole('region', { name: '3. Subscription and Free Trial' });
  await expect(subscription).toContainText('30 days');
  await expect(subscription).toContainText('$16.99');
  await expect(subscription).toContainText('renews automatically');
  await expect(subscription).toContainText('partial subscription periods');
  await expect(page.getByRole('region', { name: '13. Governing Law' })).toContainText('State of Washington, USA');
  await expect(page.getByRole('region', { name: '14. Contact Us' }).getByRole('link', { name: 'support@spindle.app' })).toHaveAttribute(
    'href',
    'mailto:support@spindle.app',
  );
}

test('a visitor reads the terms of service and goes Back to Home', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms-of-service$/);
  await expectTerms(page);

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Every record you own, on one tidy shelf.' })).toBeVisible();
});

test('a signed-in user can read the terms of service too', async ({ page }) => {
  await signIn(page);
  await page.goto('/terms-of-service');
  await expectTerms(page);
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
});
