import { describe, expect, it } from 'vitest';
import { afterPaymentActions, type AfterPaymentState } from './after-payment';

const state = (fields: Partial<AfterPaymentState>): AfterPaymentState => ({
  path: '/',
  signedIn: true,
  tempAuthForSubscription: null,
  pendingSessionId: null,
  subscriptionActivated: null,
  paymentCompleted: null,
  ...fields,
});

describe('global handling after payment (docs/product/subscription.md#after-payment)', () => {
  it('temp_auth_for_subscription sends anyone to /subscription, except from the subscription pages and /auth', () => {
    for (const signedIn of [true, false]) {
      expect(afterPaymentActions(state({ signedIn, tempAuthForSubscription: 'true', path: '/collection' }))).toEqual([
        { kind: 'navigate', to: '/subscription', replace: false },
      ]);
    }
    for (const path of ['/subscription', '/subscribe', '/auth', '/subscription/success', '/subscription/cancel']) {
      expect(afterPaymentActions(state({ tempAuthForSubscription: 'true', path }))).toEqual([]);
    }
  });

  it('a pending session id takes a signed-in user (replace) to the success page', () => {
    expect(afterPaymentActions(state({ pendingSessionId: 'cs_1', path: '/collections' }))).toEqual([
      { kind: 'navigate', to: '/subscription/success?session_id=cs_1', replace: true },
    ]);
    expect(afterPaymentActions(state({ pendingSessionId: 'cs_1', path: '/subscription/success' }))).toEqual([]);
    expect(afterPaymentActions(state({ pendingSessionId: 'cs_1', signedIn: false }))).toEqual([]);
  });

  it('subscription_activated or subscription_payment_completed activate a signed-in user and are cleared', () => {
    expect(afterPaymentActions(state({ subscriptionActivated: 'true' }))).toEqual([{ kind: 'activate', clearActivated: true, clearPaymentCompleted: false }]);
    expect(afterPaymentActions(state({ paymentCompleted: 'true' }))).toEqual([{ kind: 'activate', clearActivated: false, clearPaymentCompleted: true }]);
    expect(afterPaymentActions(state({ subscriptionActivated: 'true', paymentCompleted: 'true' }))).toEqual([
      { kind: 'activate', clearActivated: true, clearPaymentCompleted: true },
    ]);
  });

  it('the flags wait while signed out, and on the success page that sets them before signing out', () => {
    expect(afterPaymentActions(state({ signedIn: false, subscriptionActivated: 'true', paymentCompleted: 'true' }))).toEqual([]);
    expect(afterPaymentActions(state({ path: '/subscription/success', subscriptionActivated: 'true' }))).toEqual([]);
  });

  it('nothing stored, nothing done', () => {
    expect(afterPaymentActions(state({}))).toEqual([]);
  });
});
