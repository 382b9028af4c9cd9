import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, signIn, updateUser } from './support/helpers';

/** The Radix toast viewport; toasts are read there. */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

// Dates on the page are in the browser's zone: fix it so the expected texts are exact.
test.use({ timezoneId: 'UTC' });

async function logInWithForm(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function userStatus(page: Page): Promise<{ status: number; subscriptionStatus?: string }> {
  const res = await page.request.get('/api/user');
  const body = (await res.json()) as { subscriptionStatus?: string };
  return { status: res.status(), subscriptionStatus: body.subscriptionStatus };
}

/**
 * Pays a demo checkout over HTTP, as the no-script page's Pay form does, and activates it
 * (docs/product/subscription.md#activation).
 */
async function payThroughDemoCheckout(request: APIRequestContext) {
  const checkout = (await (await request.post('/api/subscription/checkout', { data: { tier: 'premium' } })).json()) as { url: string; sessionId: string };
  const html = await (await request.get(checkout.url)).text();
  const action = /<form method="post" action="([^"]+\/pay)">/.exec(html)?.[1];
  const secret = /name="secret" value="([^"]+)"/.exec(html)?.[1];
  expect(action && secret).toBeTruthy();
  const paid = await request.post(action!.replaceAll('&amp;', '&'), { form: { secret: secret! }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  expect((await request.post('/api/subscription/direct-update', { data: { sessionId: checkout.sessionId } })).status()).toBe(200);
}

test.describe('subscription', () => {
  test('a trial user subscribes through the demo checkout, is forced to log in, sees the green banner, signs in and is active', async ({ page }) => {
    const { email } = await signIn(page);
    await page.goto('/subscription');
    await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
    await expect(page.getByTestId('subscription-status')).toHaveText('Free Trial');
    await expect(page.getByTestId('trial-days-left')).toHaveText(/^(29|30) days left$/);
    // The demo checkout asks for no card: Stripe's test cards and the developer's note are not shown.
    await expect(page.getByRole('heading', { name: 'Test Payment Information' })).toHaveCount(0);
    await expect(page.getByText('4242 4242 4242 4242')).toHaveCount(0);
    await expect(page.getByText(/In development/)).toHaveCount(0);
    await expect(page.getByTestId('trial-kept')).toHaveText('Subscribing now keeps the rest of your trial: your paid year starts when the trial ends.');
    const trialEnd = ((await (await page.request.get('/api/user')).json()) as { trialEndDate: string }).trialEndDate;

    // The first trip to the checkout page is stopped (ERR_ABORTED keeps the page), so the toast and the
    // busy button can be read; then the browser goes to the address the app was sent to.
    let checkoutUrl = '';
    await page.route('**/demo-checkout/**', (route) => {
      checkoutUrl = route.request().url();
      return route.abort('aborted');
    });
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(toasts(page).getByText('Redirecting to Checkout')).toBeVisible();
    await expect(toasts(page).getByText("You'll be taken to the payment provider's secure payment page.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await page.unrouteAll();
    expect(checkoutUrl).toMatch(/\/demo-checkout\//);
    await page.goto(checkoutUrl);
    await expect(page.getByText('Test mode — no real money')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('subscription_origin'))).toBe('subscription-page');
    await page.getByRole('button', { name: 'Pay $16.99' }).click();

    await expect(page).toHaveURL(/\/subscription\/success\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Subscription Successful' })).toBeVisible();

    // After 2 s the session ends and the visitor lands on the login with the green banner.
    await expect(page).toHaveURL(/\/\?subscription_activated=true$/);
    await expect(page.getByText('Your subscription is now active. Please log in to continue.')).toBeVisible();
    // The banner's title is green on the page itself (docs/product/auth.md#auth-page), besides the toast.
    await expect(page.getByRole('main').getByText('Subscription Activated', { exact: true })).toHaveCSS('color', 'rgb(21, 128, 61)');
    await expect(toasts(page).getByText('Subscription Activated!')).toBeVisible();
    expect((await userStatus(page)).status).toBe(401);
    expect(await page.evaluate(() => sessionStorage.getItem('subscription_payment_completed'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('subscription_activated'))).toBe('true');

    await logInWithForm(page, email);
    await expect(page).toHaveURL(/\/collections$/);
    // The app shell acts on the flags once signed in, and clears them.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('subscription_activated'))).toBeNull();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('subscription_payment_completed'))).toBeNull();
    expect(await userStatus(page)).toEqual({ status: 200, subscriptionStatus: 'active' });

    await page.goto('/subscription');
    await expect(page.getByText('Your subscription is active')).toBeVisible();
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
    // Paid on the trial's first day: the trial's days are kept and the paid year follows them.
    const long = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date);
    const renews = new Date(trialEnd);
    renews.setUTCFullYear(renews.getUTCFullYear() + 1);
    const paid = page.getByRole('definition');
    await expect(page.getByText('Paid year starts')).toBeVisible();
    await expect(paid.filter({ hasText: long(new Date(trialEnd)) })).toBeVisible();
    await expect(page.getByText('Renews on')).toBeVisible();
    await expect(paid.filter({ hasText: long(renews) })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Test Payment Information' })).toHaveCount(0);
  });

  test('the test card shows only with Stripe in test mode: never with the demo checkout nor in live mode', async ({ page }) => {
    await signIn(page);
    const answerAs = async (provider: 'stripe' | 'demo', testMode: boolean) => {
      // Waits for a handler still answering the last page's read: a second fulfil of one route throws.
      await page.unrouteAll({ behavior: 'wait' });
      await page.route('**/api/subscription', async (route) => {
        const real = await route.fetch();
        await route.fulfill({ response: real, json: { ...((await real.json()) as object), provider, testMode } });
      });
      await page.goto('/subscription');
      await expect(page.getByTestId('subscription-status')).toHaveText('Free Trial');
    };
    await answerAs('stripe', true);
    await expect(page.getByRole('heading', { name: 'Test Payment Information' })).toBeVisible();
    await expect(page.getByText('pays without authentication')).toBeVisible();
    await answerAs('stripe', false);
    await expect(page.getByRole('heading', { name: 'Test Payment Information' })).toHaveCount(0);
    await answerAs('demo', true);
    await expect(page.getByRole('heading', { name: 'Test Payment Information' })).toHaveCount(0);
    // A read the page makes again as the test ends would otherwise be fetched after it.
    await page.unrouteAll({ behavior: 'wait' });
  });

  test('a gated collector keeps their records: Download my albums (CSV) and Log out on /subscribe', async ({ page }) => {
    const { email } = await signIn(page);
    expect((await page.request.post('/api/collections', { data: { name: 'Jazz' } })).status()).toBe(201);
    expect((await page.request.post('/api/albums', { data: { collection: 'Jazz', title: 'Blue Train', artist: 'John Coltrane' } })).status()).toBe(201);
    updateUser(email, { trial_end_date: '2020-01-01T00:00:00.000Z' });

    await page.goto('/subscription');
    await expect(page).toHaveURL(/\/subscribe$/);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my albums (CSV)' }).click();
    const file = await download;
    const csv = await (await import('node:fs/promises')).readFile(await file.path(), 'utf8');
    expect(csv).toContain('Blue Train');
    expect(csv).toContain('John Coltrane');
    await expect(toasts(page).getByText('Export successful')).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await userStatus(page)).status).toBe(401);
  });

  test("a paid user's /subscription shows the period dates, en-US long with hour and minute", async ({ page }) => {
    const { email } = await signIn(page);
    updateUser(email, {
      subscription_status: 'active',
      has_had_paid_subscription: 1,
      plan_type: 'premium',
      current_period_start: '2026-03-05T14:30:00.000Z',
      current_period_end: '2027-03-05T14:30:00.000Z',
    });
    await page.goto('/subscription');
    await expect(page.getByText('Your subscription is active')).toBeVisible();
    await expect(page.getByText('March 5, 2026 at 2:30 PM')).toBeVisible();
    await expect(page.getByText('March 5, 2027 at 2:30 PM')).toBeVisible();
  });

  test('an expired trial user is sent to /subscribe, with the Premium Membership card', async ({ page }) => {
    const { email } = await signIn(page);
    await page.goto('/collections');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    updateUser(email, { trial_end_date: '2020-01-01T00:00:00.000Z' });

    await page.goto('/subscription');
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByRole('alert')).toContainText('Your Free Trial Has Expired');
    await expect(page.getByRole('heading', { name: 'Premium Membership' })).toBeVisible();
    await expect(page.getByText('$16.99')).toBeVisible();
    await expect(page.getByText('Less than $1.42 per month', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();

    // A data page sends them the same way (402 → /subscription → /subscribe).
    await page.goto('/album/new');
    await expect(page).toHaveURL(/\/subscribe$/);

    // Subscribe Now works from here too: the demo checkout opens.
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await expect(page.getByText('Test mode — no real money')).toBeVisible();
  });

  test('a user who once paid sees Subscription Inactive and Renew Subscription; a message in the address is shown and removed', async ({ page }) => {
    const { email } = await signIn(page);
    updateUser(email, { subscription_status: 'inactive', has_had_paid_subscription: 1 });
    await page.goto('/subscribe');
    await expect(page.getByRole('alert')).toContainText('Subscription Inactive');
    await expect(page.getByRole('button', { name: 'Renew Subscription' })).toBeVisible();

    await page.goto('/subscribe?message=Your%20card%20was%20declined.');
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    await expect(page).toHaveURL(/\/subscribe$/);
  });

  test('a user in the free trial may subscribe from /subscribe early, and is not told the trial has ended', async ({ page }) => {
    await signIn(page);
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: 'Premium Membership' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
  });

  test("the cancel page's buttons: Return to Your Collection and View Subscription Details", async ({ page }) => {
    await signIn(page);
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(/\/subscription\/cancel$/);
    await expect(page.getByRole('heading', { name: 'Checkout Canceled' })).toBeVisible();
    await page.getByRole('link', { name: 'View Subscription Details' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByTestId('subscription-status')).toHaveText('Free Trial');

    await page.goto('/subscription/cancel');
    await page.getByRole('link', { name: 'Return to Your Collection' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    expect((await userStatus(page)).subscriptionStatus).toBe('trialing');
  });

  test('a visitor sees the login panel; Log in to Subscribe logs in and goes on to checkout', async ({ page }) => {
    const { email } = await signIn(page);
    await page.request.post('/api/logout');
    await page.goto('/subscription');
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In', exact: true })).toHaveAttribute('href', '/auth');
    await page.getByRole('link', { name: 'Log in to Subscribe' }).click();
    await expect(page).toHaveURL(/\/auth\?login=true&subscribe=true$/);
    await logInWithForm(page, email);
    await expect(page.getByText('Test mode — no real money')).toBeVisible();
  });

  test('an account without an email adds one inline, then goes on to checkout', async ({ page }) => {
    const { email } = await signIn(page);
    updateUser(email, { email: null });
    await page.goto('/subscription');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(page.getByText('An email is required for subscription', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(toasts(page).getByText('Email Added Successfully')).toBeVisible();
    await expect(page.getByText('Test mode — no real money')).toBeVisible();
  });

  test('the success page without a session id shows an error and goes to /collections', async ({ page }) => {
    await signIn(page);
    await page.goto('/subscription/success');
    await expect(toasts(page).getByText('Error')).toBeVisible();
    await expect(page).toHaveURL(/\/collections$/);
  });

  test('a made-up session id is not activated', async ({ page }) => {
    await signIn(page);
    await page.goto('/subscription/success?session_id=cs_made_up');
    await expect(toasts(page).getByText('There was a problem activating your subscription. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/collections$/);
    expect((await userStatus(page)).subscriptionStatus).toBe('trialing');
  });

  test('a paid user cancels: Subscription Canceled, then the free tier', async ({ page }) => {
    await signIn(page);
    await payThroughDemoCheckout(page.request);
    await page.goto('/subscription');
    await expect(page.getByTestId('subscription-status')).toHaveText('Active');
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    // The dialog says what really follows: the free tier, with every record kept.
    await expect(page.getByRole('alertdialog')).toContainText(
      'Your premium membership ends now and is not renewed. Your account moves to the free tier: you keep every record, and can use up to 3 collections of 50 albums each.',
    );
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/cancel-dialog.png` });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Subscription' }).click();
    await expect(toasts(page).getByText('Subscription Canceled')).toBeVisible();
    await expect(toasts(page).getByText('Your subscription has been canceled successfully.')).toBeVisible();
    await expect(page.getByTestId('subscription-status')).toHaveText('Free');
    await expect(page.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
  });

  test('temp_auth_for_subscription sends a visitor to /subscription, which shows its message once', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      localStorage.setItem('temp_auth_for_subscription', 'true');
      localStorage.setItem('temp_auth_message', 'Log in to finish subscribing.');
    });
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByText('Log in to finish subscribing.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('temp_auth_for_subscription'), localStorage.getItem('temp_auth_message')])).toEqual([null, null]);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await expect(page.getByText('Log in to finish subscribing.')).toHaveCount(0);
  });

  test('a stored pending checkout session takes a signed-in user to the success page with it', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/subscription/direct-update', () => new Promise(() => {}));
    await page.goto('/terms-of-service');
    // Once the shell has the user it has looked for unfinished payments; the id stored next waits for the next page.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('pendingSubscriptionSessionId', 'cs_pending_1'));
    await page.goto('/collections');
    await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_pending_1$/);
    await expect(page.getByText('Activating your subscription')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('pendingSubscriptionSessionId'))).toBeNull();
  });
});
