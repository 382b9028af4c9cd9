/** Where a successful login leads, first match first (docs/product/auth.md#after-login). */
export interface AfterLoginInput {
  pendingSessionId: string | null;
  /** The subscription_activated flag (query parameter or stored). */
  subscriptionActivated: boolean;
  /** subscribe=true on the auth page. */
  subscribe: boolean;
  /** The redirect target saved in navigation state (where a signed-out visitor was going). */
  stateTarget: unknown;
  /** redirect_after_subscription_login from local storage, a target saved across a full page load. */
  storedTarget?: string | null;
}

export const COLLECTION_HOME = '/collections';

/** Only paths of this site, and never back to the auth page itself. */
export function safeRedirectTarget(target: unknown): string | null {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  const path = target.split(/[?#]/, 1)[0];
  if (path === '/auth' || path === '/login') return null;
  return target;
}

export function afterLoginTarget(input: AfterLoginInput): string {
  if (input.pendingSessionId) return `/subscription/success?session_id=${encodeURIComponent(input.pendingSessionId)}`;
  if (input.subscriptionActivated) return COLLECTION_HOME;
  if (input.subscribe) return '/subscription?checkout=true';
  return safeRedirectTarget(input.stateTarget) ?? safeRedirectTarget(input.storedTarget) ?? COLLECTION_HOME;
}
