import { useEffect } from 'react';
import { STORAGE_KEYS } from '../../../common/constants';
import { toast } from '../../components/ui/use-toast';
import { localStore } from '../../lib/storage';
import { CheckoutError, useCheckout } from './api';
import { CHECKOUT_DEFAULT_TEXT, REDIRECT_TO_CHECKOUT_TOAST_MS } from './subscription-rules';

/** Leaves for the payment provider's page; a seam so nothing else assigns window.location. */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}

/**
 * docs/product/subscription.md#pages (Checkout): create the checkout, say so for 2 s and go
 * to the returned url; on failure the 'Subscription Failed' toast with its text, and the
 * busy state ends.
 */
export function useStartCheckout() {
  const checkout = useCheckout();
  const { reset } = checkout;
  // Back from the provider's page through the back/forward cache: the button is free again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
  const start = async () => {
    try {
      const url = await checkout.mutateAsync();
      localStore.set(STORAGE_KEYS.subscriptionOrigin, 'subscription-page');
      toast({
        title: 'Redirecting to Checkout',
        description: "You'll be taken to the payment provider's secure payment page.",
        duration: REDIRECT_TO_CHECKOUT_TOAST_MS,
      });
      goToCheckout(url);
    } catch (error) {
      toast({
        title: 'Subscription Failed',
        description: error instanceof CheckoutError ? error.message : CHECKOUT_DEFAULT_TEXT,
        variant: 'destructive',
      });
    }
  };
  // Busy from the press until the browser leaves (a successful mutation keeps isSuccess, not pending).
  const busy = checkout.isPending || checkout.isSuccess;
  return { start, busy };
}
