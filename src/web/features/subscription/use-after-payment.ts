import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '../../../common/constants';
import type { SessionUser } from '../../lib/session';
import { localStore, sessionStore } from '../../lib/storage';
import { afterPaymentActions } from './after-payment';
import { markActiveAndRefresh } from './api';

/**
 * The checks of docs/product/subscription.md#after-payment, run by the app shell on every path and user change:
 * a visitor sent to subscribe goes back to /subscription, a pending checkout session is finished on
 * the success page, and the activation flags left by the success page are acted on once signed in.
 */
export function useAfterPayment(user: SessionUser | null | undefined): void {
  const [path, navigate] = useLocation();
  const queryClient = useQueryClient();
  const activating = useRef(false);
  const signedIn = Boolean(user);

  useEffect(() => {
    if (user === undefined) return;
    const actions = afterPaymentActions({
      path,
      signedIn,
      tempAuthForSubscription: localStore.get(STORAGE_KEYS.tempAuthForSubscription),
      pendingSessionId: localStore.get(STORAGE_KEYS.pendingSubscriptionSessionId),
      subscriptionActivated: localStore.get(STORAGE_KEYS.subscriptionActivated),
      paymentCompleted: sessionStore.get(SESSION_STORAGE_KEYS.subscriptionPaymentCompleted),
    });
    for (const action of actions) {
      if (action.kind === 'navigate') {
        if (action.to.startsWith('/subscription/success')) localStore.remove(STORAGE_KEYS.pendingSubscriptionSessionId);
        navigate(action.to, { replace: action.replace });
        continue;
      }
      if (activating.current) continue;
      activating.current = true;
      if (action.clearActivated) localStore.remove(STORAGE_KEYS.subscriptionActivated);
      if (action.clearPaymentCompleted) sessionStore.remove(SESSION_STORAGE_KEYS.subscriptionPaymentCompleted);
      void markActiveAndRefresh(queryClient)
        .catch(() => {
          // The refreshed user shows the server's word; nothing to tell the user here.
        })
        .finally(() => {
          activating.current = false;
        });
    }
    // `user` matters only as signed in or not: a refreshed user object must not re-run the checks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, signedIn, user === undefined, navigate, queryClient]);
}
