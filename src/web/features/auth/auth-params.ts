/** What the auth page reads from its address (docs/product/auth.md#auth-page). */
export type AuthMode = 'login' | 'register';

export interface AuthParams {
  mode: AuthMode;
  /** session_id together with payment_success=true. */
  paymentSessionId: string | null;
  subscriptionActivated: boolean;
  subscribe: boolean;
}

export function parseAuthParams(search: string): AuthParams {
  const params = new URLSearchParams(search);
  const sessionId = params.get('session_id');
  const paymentSessionId = params.get('payment_success') === 'true' && sessionId ? sessionId : null;
  const subscriptionActivated = params.get('subscription_activated') === 'true';
  // Payment and activation both end in "now log in", so they switch the view to login.
  const forcedLogin = paymentSessionId !== null || subscriptionActivated || params.get('login') === 'true';
  const mode: AuthMode = !forcedLogin && params.get('mode') === 'register' ? 'register' : 'login';
  return { mode, paymentSessionId, subscriptionActivated, subscribe: params.get('subscribe') === 'true' };
}

/**
 * The address after the Register here / Login here toggle: the same path with mode set. The one-off
 * flags that force login are dropped (their work was done on arrival); subscribe=true is kept
 * because it still decides where login leads.
 */
export function toggleModeHref(pathname: string, search: string, mode: AuthMode): string {
  const next = new URLSearchParams();
  next.set('mode', mode);
  if (new URLSearchParams(search).get('subscribe') === 'true') next.set('subscribe', 'true');
  return `${pathname}?${next.toString()}`;
}
