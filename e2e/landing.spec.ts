import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './support/axe-check';
import { signIn } from './support/helpers';

const FAQ_QUESTIONS = [
  'How do I get started?',
  'Can I try Spindle before I pay?',
  'Do I need a credit card to sign up?',
  'Who is Spindle for?',
  'How much does it cost?',
  'How do I add cover art?',
];

const openFaqItems = (page: Page) =>
  page.locator('details[name="faq"]').evaluateAll((items) => items.flatMap((item, i) => ((item as HTMLDetailsElement).open ? [i] : [])));

test.describe('landing page', () => {
  test('a visitor sees the hero, features, screenshots, pricing, FAQ, support and footer, without the app', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await page.goto('/');

    const hero = page.getByRole('region', { name: 'Every record you own, on one tidy shelf.' });
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth?mode=register');
    await expect(hero.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?mode=login');

    const features = page.getByRole('region', { name: 'Built the way collectors actually collect' });
    await expect(features.getByRole('heading', { level: 3 })).toHaveText([
      'Smart collection management',
      'Album and record store sharing',
      'Automatic cover art',
    ]);
    // What this release adds, under the three features.
    await expect(features.getByRole('list', { name: 'New in Spindle' }).getByRole('listitem')).toHaveText([
      /^Pressing-level details/,
      /^Leave Discogs, lose nothing/,
      /^Bulk edit/,
      /^Wish list and gift list/,
      /^The record-fair check.*offline/,
    ]);

    const screenshots = page.locator('#screenshots');
    await expect(screenshots.getByRole('heading', { level: 3 })).toHaveText(['Collection view', 'Quick album entry', 'Wish list']);

    const pricing = page.locator('#pricing');
    await expect(pricing).toContainText('$16.99');
    await expect(pricing).toContainText('30-day free trial');
    await expect(pricing).toContainText('No credit card needed');
    await expect(pricing.getByRole('link', { name: 'Start Your Collection' })).toHaveAttribute('href', '/auth?mode=register');

    await expect(page.locator('details[name="faq"] > summary')).toHaveText(FAQ_QUESTIONS);

    const support = page.getByRole('region', { name: 'Feedback and support' });
    // The e2e server runs with the default SUPPORT_EMAIL.
    await expect(support.getByRole('link', { name: 'support@spindle.app' })).toHaveAttribute('href', 'mailto:support@spindle.app');

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?mode=login');
    await expect(footer.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/auth?mode=register');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');

    // A static page that loads fast (docs/product/landing.md#landing): its small dialog script, not the app.
    const built = scripts.filter((p) => p.startsWith('/assets/'));
    expect(built).toContainEqual(expect.stringMatching(/^\/assets\/landing-[\w-]+\.js$/));
    expect(built.filter((p) => /^\/assets\/(index|landing-page|terms-page)-/.test(p))).toEqual([]);
  });

  test('pricing and the FAQ say what the end of the trial and a cancellation really do; no serious axe findings at 390 and 1280 px, light and dark', async ({ page }) => {
    await page.goto('/');
    const pricing = page.locator('#pricing');
    await expect(pricing).toContainText('When the trial ends, subscribe to keep using your collections; you can always download them as CSV.');
    await expect(pricing).toContainText('Cancel a paid plan whenever you like: you keep up to 3 collections of 50 albums for free.');
    await page.getByText('Can I try Spindle before I pay?').click();
    await expect(page.getByText(/when it ends, Spindle asks you to subscribe before you can use your collections again/)).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await pricing.scrollIntoViewIfNeeded();
        expect(await seriousAxeFindings(page), `${colorScheme} ${width}`).toEqual([]);
        if (process.env.SCREENSHOT_DIR) await pricing.screenshot({ path: `${process.env.SCREENSHOT_DIR}/landing-pricing-${width}-${colorScheme}.png` });
      }
    }
  });

  test('the head declares SoftwareApplication structured data with the offer and rating constants', async ({ page }) => {
    await page.goto('/');
    const json = await page.locator('head script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? '');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'Spindle',
      offers: { '@type': 'Offer', price: '16.99', priceCurrency: 'USD', priceValidUntil: '2025-12-31' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.8', ratingCount: '142' },
    });
  });

  test('the FAQ opens one item at a time and is collapsible', async ({ page }) => {
    await page.goto('/');
    const summaries = page.locator('details[name="faq"] > summary');
    expect(await openFaqItems(page)).toEqual([]);

    await summaries.nth(1).click();
    expect(await openFaqItems(page)).toEqual([1]);
    await expect(page.getByText('Every new account starts with a 30-day free trial')).toBeVisible();

    await summaries.nth(4).click();
    expect(await openFaqItems(page)).toEqual([4]);
    await expect(page.getByText('Every new account starts with a 30-day free trial')).toBeHidden();

    // From the keyboard too, and the open item closes again.
    await summaries.nth(4).focus();
    await page.keyboard.press('Enter');
    expect(await openFaqItems(page)).toEqual([]);
  });

  test('a screenshot opens enlarged in a dialog; Escape closes it and focus returns', async ({ page }) => {
    await page.goto('/');
    const opener = page.getByRole('link', { name: 'Enlarge the wish list screenshot' });
    await opener.click();

    const dialog = page.getByRole('dialog', { name: 'Wish list' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/$/); // the dialog opened in place of following the link
    const image = dialog.getByRole('img');
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.getBoundingClientRect().width])).toEqual([
      1280,
      expect.any(Number),
    ]);
    // Enlarged: wider in the dialog than the thumbnail on the page.
    const thumbWidth = (await opener.boundingBox())!.width;
    expect((await image.boundingBox())!.width).toBeGreaterThan(thumbWidth);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // The Close button and a click on the backdrop close it as well.
    await opener.click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });

  test('Get Started leads to registration', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Every record you own, on one tidy shelf.' }).getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
  });

  test('a signed-in user opening / gets the app, not the landing page', async ({ page }) => {
    await signIn(page);
    const response = await page.goto('/');
    const html = await response!.text();
    expect(html).toMatch(/<script type="module"[^>]+src="\/assets\/index-[\w-]+\.js"/);
    expect(html).not.toContain('application/ld+json');
  });

  test('a visitor at an unknown path sees the landing page inside the app, dialogs included', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Every record you own, on one tidy shelf.' })).toBeVisible();
    await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);
    await page.getByRole('link', { name: 'Enlarge the collection view screenshot' }).click();
    await expect(page.getByRole('dialog', { name: 'Collection view' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Collection view' })).toBeHidden();
  });
});
