import { House } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { STORAGE_KEYS, TRIAL_DAYS } from '../../../common/constants';
import { Button } from '../../components/ui/button';
import { useSessionUser } from '../../lib/session';
import { localStore } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSubscriptionInfo } from './api';
import { KeepYourRecordsCard } from './components/keep-your-records-card';
import { Notice } from './components/notice';
import { PremiumPlanCard } from './components/premium-plan-card';
import { SubscriptionLayout } from './components/subscription-layout';
import { belongsOnSubscribePage, homeWithCollection, subscribeAlertTitle } from './subscription-rules';
import { useStartCheckout } from './use-start-checkout';

/**
 * docs/product/subscription.md#pages: the message from the message query parameter (then
 * removed from the address), or the one left in local storage by a gated login; read
 * once.
 */
function useHandedOverMessage(): string | null {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [message] = useState(() => new URLSearchParams(search).get('message') || localStore.get(STORAGE_KEYS.subscriptionMessage));
  useEffect(() => {
    localStore.remove(STORAGE_KEYS.subscriptionMessage);
    if (new URLSearchParams(search).has('message')) navigate('/subscribe', { replace: true });
  }, [search, navigate]);
  return message;
}

/** /subscribe (docs/product/subscription.md#pages): why access stopped, the Premium Membership card, and the way to pay. */
export default function SubscribePage() {
  const { user } = useSessionUser();
  const info = useSubscriptionInfo(user);
  const [, navigate] = useLocation();
  const message = useHandedOverMessage();
  const { start, busy } = useStartCheckout();
  const hadPaid = Boolean(user?.hasHadPaidSubscription || info.data?.hasHadPaidSubscription);
  const title = subscribeAlertTitle(hadPaid);
  // A user whose access is fine (subscribing early from the trial) is not told it has ended.
  const showAlert = message !== null || !user || belongsOnSubscribePage(user);
  useDocumentTitle('Subscribe');

  const subscribe = () => {
    // Visitors log in first and come back to checkout; an account without an email adds one there.
    if (!user) navigate('/auth?login=true&subscribe=true');
    else if (!user.email) navigate('/subscription?checkout=true');
    else void start();
  };

  return (
    <SubscriptionLayout>
      <h1 className="text-3xl font-semibold tracking-tight">{hadPaid ? 'Renew Your Membership' : 'Keep Your Collection Going'}</h1>
      <p className="mt-2 text-sm text-ink-muted">Every record, every cover and every share link is still here, waiting for you.</p>
      <div className="mt-8 grid gap-6">
        {showAlert && (
          <Notice tone="warning" title={title}>
            {message ??
              (hadPaid
                ? 'Your premium membership has ended. Renew it to get back to your collections.'
                : `Your ${TRIAL_DAYS}-day free trial has ended. Subscribe to keep using your collections.`)}
          </Notice>
        )}
        <PremiumPlanCard>
          <Button size="lg" onClick={subscribe} loading={busy}>
            {busy ? 'Processing...' : hadPaid ? 'Renew Subscription' : 'Subscribe Now'}
          </Button>
          <Button size="lg" variant="secondary" onClick={() => navigate(homeWithCollection(localStore.get(STORAGE_KEYS.selectedCollection)))}>
            <House aria-hidden />
            Return to Home
          </Button>
        </PremiumPlanCard>
        {user && belongsOnSubscribePage(user) && <KeepYourRecordsCard />}
      </div>
    </SubscriptionLayout>
  );
}
