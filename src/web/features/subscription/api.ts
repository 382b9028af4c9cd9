import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CHECKOUT_TIER } from '../../../common/constants';
import { apiRequest, readJson, send } from '../../lib/api-client';
import { API, QUERY_KEYS } from '../../lib/api-paths';
import type { SessionUser } from '../../lib/session';
import { checkoutErrorText, type SubscriptionInfo } from './subscription-rules';

export const SUBSCRIPTION_PATHS = {
  info: API.subscription,
  checkout: `${API.subscription}/checkout`,
  directUpdate: `${API.subscription}/direct-update`,
  forceActive: `${API.subscription}/force-active`,
  cancel: `${API.subscription}/cancel`,
  forceLogout: '/api/auth/force-logout',
} as const;

/** GET /api/subscription (docs/product/subscription.md#info): fetched only when logged in. */
export const subscriptionQueryOptions = (signedIn: boolean) =>
  queryOptions<SubscriptionInfo>({ queryKey: [SUBSCRIPTION_PATHS.info], enabled: signedIn });

export function useSubscriptionInfo(user: SessionUser | null | undefined) {
  return useQuery(subscriptionQueryOptions(Boolean(user)));
}

/** A checkout that failed, with the toast text of docs/product/subscription.md#pages already worked out. */
export class CheckoutError extends Error {
  override readonly name = 'CheckoutError';
}

/** POST /api/subscription/checkout {tier: 'premium'} → {url}; failures carry the product's text. */
export async function createCheckout(): Promise<string> {
  let response: Response;
  try {
    response = await send(SUBSCRIPTION_PATHS.checkout, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ tier: CHECKOUT_TIER }),
    });
  } catch {
    throw new CheckoutError(checkoutErrorText(null, null));
  }
  let body: unknown = null;
  try {
    body = await readJson<unknown>(response);
  } catch {
    // An unreadable body leaves the status to speak (docs/product/subscription.md#pages).
  }
  const url = typeof body === 'object' && body !== null ? (body as { url?: unknown }).url : undefined;
  if (!response.ok || typeof url !== 'string' || !url) throw new CheckoutError(checkoutErrorText(response.ok ? null : response.status, body));
  return url;
}

export function useCheckout() {
  return useMutation({ mutationFn: createCheckout });
}

/**
 * POST /api/subscription/direct-update {sessionId}: the server confirms the payment with the provider
 * (docs/product/subscription.md#activation).
 */
export function activateCheckoutSession(sessionId: string): Promise<unknown> {
  return apiRequest('POST', SUBSCRIPTION_PATHS.directUpdate, { sessionId });
}

/** POST /api/subscription/force-active: no payload, JSON content type (docs/product/subscription.md#api). */
export async function forceActive(): Promise<unknown> {
  const response = await send(SUBSCRIPTION_PATHS.forceActive, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
  });
  return readJson<unknown>(response).catch(() => null);
}

/**
 * docs/product/subscription.md#after-payment: the status is set to active locally at once, then the server is
 * asked and the user refreshed.
 */
export async function markActiveAndRefresh(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData<SessionUser | null>(QUERY_KEYS.user, (user) =>
    user ? { ...user, subscriptionStatus: 'active', trialExpired: false } : user,
  );
  try {
    await forceActive();
  } finally {
    await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.user });
    await queryClient.invalidateQueries({ queryKey: [SUBSCRIPTION_PATHS.info] });
  }
}

/** POST /api/subscription/cancel: a text answer (docs/product/subscription.md#api). */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await send(SUBSCRIPTION_PATHS.cancel, { method: 'POST', headers: { Accept: 'text/plain, application/json' } });
      const text = await response.text().catch(() => '');
      if (!response.ok) throw new Error(messageFromText(text) || 'Failed to cancel subscription');
      return text;
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.user });
      await queryClient.invalidateQueries({ queryKey: [SUBSCRIPTION_PATHS.info] });
    },
  });
}

function messageFromText(text: string): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Plain text.
  }
  return text;
}

/**
 * POST /api/auth/force-logout {redirectUrl}: ends the session on the server; answers where to go.
 * A failure still leaves the browser signed out on its side and on its way.
 */
export async function forceLogout(redirectUrl: string): Promise<string | undefined> {
  try {
    const answer = await apiRequest<{ redirectUrl?: unknown } | null>('POST', SUBSCRIPTION_PATHS.forceLogout, { redirectUrl });
    return typeof answer?.redirectUrl === 'string' ? answer.redirectUrl : undefined;
  } catch {
    return undefined;
  }
}
