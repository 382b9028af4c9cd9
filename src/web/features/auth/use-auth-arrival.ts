import { useEffect, useRef } from 'react';
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '../../../common/constants';
import { toast } from '../../components/ui/use-toast';
import { localStore, sessionStore } from '../../lib/storage';
import type { AuthParams } from './auth-params';

/** docs/product/auth.md#auth-page: toast durations for the two post-payment arrivals. */
export const SUBSCRIPTION_ACTIVATED_TOAST_MS = 6000;
export const PAYMENT_SUCCESS_TOAST_MS = 5000;
/** docs/product/auth.md#auth-page: from_login_page is removed 2 s after leaving the auth page. */
export const FROM_LOGIN_PAGE_LINGER_MS = 2000;

let flagRemoval: ReturnType<typeof setTimeout> | undefined;

/** Marks the session as "came through the login page" while the page is open, and for 2 s after. */
export function useFromLoginPageFlag(): void {
  useEffect(() => {
    clearTimeout(flagRemoval);
    sessionStore.set(SESSION_STORAGE_KEYS.fromLoginPage, 'true');
    return () => {
      flagRemoval = setTimeout(() => sessionStore.remove(SESSION_STORAGE_KEYS.fromLoginPage), FROM_LOGIN_PAGE_LINGER_MS);
    };
  }, []);
}

/** docs/product/auth.md#auth-page: on arrival after payment, remember the checkout session and tell the visitor to log in. */
export function useAuthArrival(params: AuthParams): void {
  const { paymentSessionId, subscriptionActivated } = params;
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const key = `${paymentSessionId ?? ''}|${subscriptionActivated}`;
    if (handled.current === key) return;
    handled.current = key;
    if (paymentSessionId) {
      localStore.set(STORAGE_KEYS.pendingSubscriptionSessionId, paymentSessionId);
      toast({
        title: 'Payment Successful!',
        description: 'Please log in to activate your premium subscription.',
        variant: 'success',
        duration: PAYMENT_SUCCESS_TOAST_MS,
      });
    }
    if (subscriptionActivated) {
      toast({
        title: 'Subscription Activated!',
        description: 'Your subscription is active. Please log in to continue.',
        variant: 'success',
        duration: SUBSCRIPTION_ACTIVATED_TOAST_MS,
      });
    }
  }, [paymentSessionId, subscriptionActivated]);
}
