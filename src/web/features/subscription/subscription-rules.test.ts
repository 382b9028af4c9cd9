import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../lib/session';
import {
  belongsOnSubscribePage,
  checkoutErrorText,
  formatSubscriptionDate,
  homeWithCollection,
  isActivePremium,
  monthlyPriceCeiling,
  sameSitePath,
  statusLabel,
  subscribeAlertTitle,
  trialDaysLeft,
} from './subscription-rules';

const user = (fields: Partial<SessionUser>): SessionUser => ({
  id: 1,
  username: 'ada@example.com',
  email: 'ada@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  isAdmin: false,
  accountStatus: 'active',
  subscriptionStatus: 'trialing',
  firstName: null,
  lastName: null,
  trialEndDate: '2999-01-01T00:00:00.000Z',
  stripeCustomerId: null,
  trialExpired: false,
  hasHadPaidSubscription: false,
  loanReminders: { days: 30, today: '2026-01-01' },
  ...fields,
});

describe('checkout failure texts (docs/product/subscription.md#pages)', () => {
  it('uses the response message, with details appended after a period', () => {
    expect(checkoutErrorText(400, { message: 'An email is required for subscription' })).toBe('An email is required for subscription');
    expect(checkoutErrorText(502, { message: 'Payment provider error', details: 'Try again in a minute' })).toBe(
      'Payment provider error. Try again in a minute',
    );
    expect(checkoutErrorText(502, { message: 'Provider said no.', details: 'Card declined' })).toBe('Provider said no. Card declined');
  });

  it.each([
    [400, 'Missing required information for subscription'],
    [401, 'You need to be logged in to subscribe'],
    [403, "You don't have permission to access this subscription"],
    [500, 'Server Error: Subscription Failed. Please try again later.'],
    [418, 'Failed to create checkout session'],
    [null, 'Failed to create checkout session'],
  ])('a body without a message: %s gives %s', (status, text) => {
    expect(checkoutErrorText(status, null)).toBe(text);
    expect(checkoutErrorText(status, 'not json')).toBe(text);
  });
});

describe('status display (docs/product/subscription.md#pages)', () => {
  it('shows trialing as Free Trial, active as Active, a canceled paid plan as Free, the rest as Inactive', () => {
    expect(statusLabel(user({ subscriptionStatus: 'trialing' }))).toBe('Free Trial');
    expect(statusLabel(user({ subscriptionStatus: 'active' }))).toBe('Active');
    expect(statusLabel(user({ subscriptionStatus: 'canceled', hasHadPaidSubscription: true }))).toBe('Free');
    expect(statusLabel(user({ subscriptionStatus: 'trialing', trialExpired: true }))).toBe('Inactive');
    expect(statusLabel(user({ subscriptionStatus: 'past_due' }))).toBe('Inactive');
    expect(statusLabel(user({ subscriptionStatus: 'inactive' }))).toBe('Inactive');
  });

  it('an active premium user reads as active; a user in the free trial does not', () => {
    expect(isActivePremium({ tier: 'premium', status: 'active' }, user({ subscriptionStatus: 'active' }))).toBe(true);
    expect(isActivePremium({ tier: 'premium', status: 'trialing' }, user({ subscriptionStatus: 'active' }))).toBe(true);
    expect(isActivePremium({ tier: 'premium', status: 'trialing' }, user({ subscriptionStatus: 'trialing' }))).toBe(false);
    expect(isActivePremium({ tier: 'free', status: 'canceled' }, user({ subscriptionStatus: 'canceled' }))).toBe(false);
    expect(isActivePremium(undefined, user({ subscriptionStatus: 'active' }))).toBe(true);
  });

  it('inactive users, expired trials and placeholders belong on /subscribe', () => {
    expect(belongsOnSubscribePage(user({ subscriptionStatus: 'inactive' }))).toBe(true);
    expect(belongsOnSubscribePage(user({ trialExpired: true }))).toBe(true);
    expect(belongsOnSubscribePage(user({ subscriptionStatus: 'past_due' }))).toBe(true);
    expect(belongsOnSubscribePage(user({ placeholder: true, subscriptionStatus: 'active' }))).toBe(true);
    expect(belongsOnSubscribePage(user({}))).toBe(false);
    expect(belongsOnSubscribePage(user({ subscriptionStatus: 'active' }))).toBe(false);
    expect(belongsOnSubscribePage(user({ subscriptionStatus: 'canceled', hasHadPaidSubscription: true }))).toBe(false);
  });

  it("the subscribe page's alert: Subscription Inactive after a paid plan, else Your Free Trial Has Expired", () => {
    expect(subscribeAlertTitle(true)).toBe('Subscription Inactive');
    expect(subscribeAlertTitle(false)).toBe('Your Free Trial Has Expired');
  });
});

describe('dates and numbers', () => {
  it('dates use the en-US long style with hour and minute', () => {
    expect(formatSubscriptionDate('2026-11-24T10:30:00.000Z', 'UTC')).toBe('November 24, 2026 at 10:30 AM');
    expect(formatSubscriptionDate(null)).toBeNull();
    expect(formatSubscriptionDate('not a date')).toBeNull();
  });

  it('trial days left count a part day as a day and never go below zero', () => {
    const now = new Date('2026-11-24T12:00:00.000Z');
    expect(trialDaysLeft('2026-12-24T12:00:00.000Z', now)).toBe(30);
    expect(trialDaysLeft('2026-11-24T13:00:00.000Z', now)).toBe(1);
    expect(trialDaysLeft('2026-11-20T00:00:00.000Z', now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBeNull();
  });

  it('the yearly price is stated as less than $1.42 per month', () => {
    expect(monthlyPriceCeiling()).toBe('$1.42');
  });

  it('home keeps the stored collection', () => {
    expect(homeWithCollection(null)).toBe('/');
    expect(homeWithCollection('Jazz & Soul')).toBe('/?collection=Jazz%20%26%20Soul');
  });

  it('only same-site paths are followed after the forced logout', () => {
    expect(sameSitePath('/?subscription_activated=true', '/')).toBe('/?subscription_activated=true');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', undefined, 7]) expect(sameSitePath(bad, '/')).toBe('/');
  });
});
