import { describe, expect, it } from 'vitest';
import { afterLoginTarget, safeRedirectTarget } from './after-login';
import { parseAuthParams, toggleModeHref } from './auth-params';

describe('auth mode from the query parameters (docs/product/auth.md#auth-page)', () => {
  it.each([
    ['', 'login'],
    ['?mode=login', 'login'],
    ['?mode=register', 'register'],
    ['?login=true', 'login'],
    ['?mode=register&login=true', 'login'],
    ['?mode=register&session_id=cs_1&payment_success=true', 'login'],
    ['?mode=register&subscription_activated=true', 'login'],
  ])('%s shows %s', (search, mode) => {
    expect(parseAuthParams(search).mode).toBe(mode);
  });

  it('session_id counts only together with payment_success=true', () => {
    expect(parseAuthParams('?session_id=cs_1&payment_success=true').paymentSessionId).toBe('cs_1');
    expect(parseAuthParams('?session_id=cs_1').paymentSessionId).toBeNull();
    expect(parseAuthParams('?payment_success=true').paymentSessionId).toBeNull();
  });

  it('the toggle keeps the path, sets the mode and keeps subscribe=true only', () => {
    expect(toggleModeHref('/auth', '?login=true&subscribe=true', 'register')).toBe('/auth?mode=register&subscribe=true');
    expect(toggleModeHref('/login', '?subscription_activated=true', 'register')).toBe('/login?mode=register');
  });
});

describe('after login (docs/product/auth.md#after-login)', () => {
  const base = { pendingSessionId: null, subscriptionActivated: false, subscribe: false, stateTarget: undefined };

  it('a pending subscription session goes to the success page first', () => {
    expect(afterLoginTarget({ ...base, pendingSessionId: 'cs_test_1', subscriptionActivated: true, subscribe: true })).toBe(
      '/subscription/success?session_id=cs_test_1',
    );
  });

  it('else the subscription-activated flag goes to /collections', () => {
    expect(afterLoginTarget({ ...base, subscriptionActivated: true, subscribe: true, stateTarget: '/profile' })).toBe('/collections');
  });

  it('else subscribe=true goes to checkout', () => {
    expect(afterLoginTarget({ ...base, subscribe: true, stateTarget: '/profile' })).toBe('/subscription?checkout=true');
  });

  it('otherwise the redirect target saved in navigation state, or /collections', () => {
    expect(afterLoginTarget({ ...base, stateTarget: '/album/12' })).toBe('/album/12');
    expect(afterLoginTarget(base)).toBe('/collections');
  });

  it('never leaves the site or loops back to the auth page', () => {
    for (const target of ['https://evil.example', '//evil.example', '/\\evil.example', '/auth?mode=login', '/login', 42]) {
      expect(safeRedirectTarget(target)).toBeNull();
    }
    expect(afterLoginTarget({ ...base, stateTarget: '//evil.example' })).toBe('/collections');
  });
});
