import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '../../../common/constants';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { ApiError, NetworkError } from '../../lib/api-client';
import { QUERY_KEYS } from '../../lib/api-paths';
import { useSessionUser } from '../../lib/session';
import { localStore, sessionStore } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { activateCheckoutSession, forceLogout } from './api';
import { SubscriptionLayout } from './components/subscription-layout';
import { ACTIVATED_REDIRECT, POST_PAYMENT_REDIRECT_DELAY_MS, sameSitePath } from './subscription-rules';

/** Leaves with a fresh page load, so nothing of the signed-out session stays in memory. */
export function replaceLocation(path: string): void {
  window.location.replace(path);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// One activation per checkout session for the page's life (StrictMode runs effects twice).
const started = new Set<string>();

/**
 * /subscription/success (docs/product/subscription.md#pages): activates the paid checkout session
 * (the server checks it with the provider, docs/product/subscription.md#activation), leaves the
 * flags for after the next login, then signs out and goes to the address that asks the user to log
 * in again.
 */
export default function SubscriptionSuccessPage() {
  useDocumentTitle('Subscription Successful');
  const search = useSearch();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { user } = useSessionUser();
  const signedIn = Boolean(user);
  const [activated, setActivated] = useState(false);
  const [sessionId] = useState(() => new URLSearchParams(search).get('session_id') || localStore.get(STORAGE_KEYS.pendingSubscriptionSessionId));

  useEffect(() => {
    if (!sessionId) {
      toast({ title: 'Error', description: 'No checkout session was found to activate.', variant: 'destructive' });
      navigate('/collections', { replace: true });
      return;
    }
    if (!signedIn) {
      // Back from checkout without a session: log in first; the auth page keeps the id
      // (docs/product/auth.md#auth-page).
      navigate(`/auth?session_id=${encodeURIComponent(sessionId)}&payment_success=true`, { replace: true });
      return;
    }
    if (started.has(sessionId)) return;
    started.add(sessionId);
    void (async () => {
      try {
        await activateCheckoutSession(sessionId);
      } catch (error) {
        const known = error instanceof ApiError || error instanceof NetworkError;
        toast({
          title: 'Error',
          description: known ? 'There was a problem activating your subscription. Please try again.' : 'An unexpected error occurred',
          variant: 'destructive',
        });
        started.delete(sessionId);
        navigate('/collections', { replace: true });
        return;
      }
      localStore.remove(STORAGE_KEYS.pendingSubscriptionSessionId);
      sessionStore.set(SESSION_STORAGE_KEYS.subscriptionPaymentCompleted, 'true');
      localStore.set(STORAGE_KEYS.subscriptionActivated, 'true');
      setActivated(true);
      await wait(POST_PAYMENT_REDIRECT_DELAY_MS);
      const target = sameSitePath(await forceLogout(ACTIVATED_REDIRECT), ACTIVATED_REDIRECT);
      queryClient.setQueryData(QUERY_KEYS.user, null);
      replaceLocation(target);
    })();
  }, [sessionId, signedIn, navigate, queryClient]);

  return (
    <SubscriptionLayout className="grid place-items-center">
      <div className="flex max-w-md flex-col items-center text-center" aria-live="polite">
        <div className="mb-6 grid size-20 place-items-center rounded-full bg-success/10 text-success">
          {activated ? <CircleCheck aria-hidden className="size-10" strokeWidth={1.75} /> : <Spinner className="size-10" label="Activating" />}
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">Subscription Successful</h1>
        <p className="mt-3 text-sm leading-relaxed text-ink-muted">
          {activated ? 'Your subscription is active. Taking you to log in again…' : 'Activating your subscription'}
        </p>
      </div>
    </SubscriptionLayout>
  );
}
