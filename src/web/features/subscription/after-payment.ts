/** What the app shell sees when it checks for unfinished payment business (docs/product/subscription.md#after-payment). */
export interface AfterPaymentState {
  path: string;
  signedIn: boolean;
  /** temp_auth_for_subscription in local storage. */
  tempAuthForSubscription: string | null;
  /** pendingSubscriptionSessionId in local storage. */
  pendingSessionId: string | null;
  /** subscription_activated in local storage. */
  subscriptionActivated: string | null;
  /** subscription_payment_completed in session storage. */
  paymentCompleted: string | null;
}

export type AfterPaymentAction =
  | { kind: 'navigate'; to: string; replace: boolean }
  /** Set the status active locally, clear the flags named, call force-active, refresh the user. */
  | { kind: 'activate'; clearActivated: boolean; clearPaymentCompleted: boolean };

const SUBSCRIPTION_FLOW_PATHS = new Set(['/subscription', '/subscribe', '/auth']);

/**
 * The checks of docs/product/subscription.md#after-payment, as one decision. The success page
 * itself is left alone: it sets the two activation flags just before it signs the user out, and
 * the activation they ask for belongs to the next sign-in.
 */
export function afterPaymentActions(state: AfterPaymentState): AfterPaymentAction[] {
  const { path, signedIn } = state;
  if (state.tempAuthForSubscription === 'true' && !SUBSCRIPTION_FLOW_PATHS.has(path) && !path.startsWith('/subscription/')) {
    return [{ kind: 'navigate', to: '/subscription', replace: false }];
  }
  if (!signedIn || path === '/subscription/success') return [];
  if (state.pendingSessionId) {
    return [{ kind: 'navigate', to: `/subscription/success?session_id=${encodeURIComponent(state.pendingSessionId)}`, replace: true }];
  }
  const clearActivated = state.subscriptionActivated !== null;
  const clearPaymentCompleted = state.paymentCompleted !== null;
  const activate = state.subscriptionActivated === 'true' || state.paymentCompleted === 'true';
  if (activate) return [{ kind: 'activate', clearActivated, clearPaymentCompleted }];
  return [];
}
