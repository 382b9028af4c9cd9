import { ArrowLeft, CircleCheck, House } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { STORAGE_KEYS } from '../../../common/constants';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { useSessionUser, type SessionUser } from '../../lib/session';
import { localStore } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useUpdateProfile } from '../users/api';
import { useSubscriptionInfo } from './api';
import { CancelSubscriptionButton } from './components/cancel-subscription-button';
import { KeepYourRecordsCard } from './components/keep-your-records-card';
import { LoginRequiredPanel } from './components/login-required-panel';
import { Notice } from './components/notice';
import { StatusBadge } from './components/status-badge';
import { SubscriptionEmailForm } from './components/subscription-email-form';
import { DetailRow, SubscriptionLayout } from './components/subscription-layout';
import { TestPaymentCard } from './components/test-payment-card';
import {
  belongsOnSubscribePage,
  CHECKOUT_AFTER_EMAIL_DELAY_MS,
  formatSubscriptionDate,
  homeWithCollection,
  isActivePremium,
  statusLabel,
  SUBSCRIBE_REDIRECT_DELAY_MS,
  trialDaysLeft,
} from './subscription-rules';
import { useStartCheckout } from './use-start-checkout';

interface TempAuthNotice {
  message: string | null;
}

/** docs/product/subscription.md#pages: temp_auth_for_subscription (and its message) are shown once, and cleared after reading. */
function useTempAuthNotice(): TempAuthNotice | null {
  const [notice] = useState<TempAuthNotice | null>(() =>
    localStore.get(STORAGE_KEYS.tempAuthForSubscription) ? { message: localStore.get(STORAGE_KEYS.tempAuthMessage) } : null,
  );
  useEffect(() => {
    localStore.remove(STORAGE_KEYS.tempAuthForSubscription);
    localStore.remove(STORAGE_KEYS.tempAuthMessage);
  }, []);
  return notice;
}

/** docs/product/subscription.md#pages: the checkout query parameter is removed on load; it still asks for checkout once. */
function useCheckoutParam(): boolean {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [wanted] = useState(() => new URLSearchParams(search).has('checkout'));
  useEffect(() => {
    if (new URLSearchParams(search).has('checkout')) navigate('/subscription', { replace: true });
  }, [search, navigate]);
  return wanted;
}

const homeHref = () => homeWithCollection(localStore.get(STORAGE_KEYS.selectedCollection));

function PlanCard({ user, autoCheckout }: { user: SessionUser; autoCheckout: boolean }) {
  const info = useSubscriptionInfo(user);
  const { start, busy } = useStartCheckout();
  const updateProfile = useUpdateProfile();
  const [askEmail, setAskEmail] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const active = isActivePremium(info.data, user);
  const label = active ? 'Active' : statusLabel(user);

  const subscribe = () => {
    if (!user.email) setAskEmail(true);
    else void start();
  };

  // "Log in to Subscribe" comes back with checkout=true: carry on to checkout once the plan is known.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!autoCheckout || autoStarted.current || info.isPending || active) return;
    autoStarted.current = true;
    subscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoCheckout, info.isPending, active]);

  const saveEmail = async (email: string) => {
    try {
      await updateProfile.mutateAsync({ email, firstName: user.firstName, lastName: user.lastName });
      toast({ title: 'Email Added Successfully', description: 'Proceeding to payment...', variant: 'success' });
      setAskEmail(false);
      setWaiting(true);
      // docs/product/subscription.md#pages: checkout about 500 ms after the email is saved, so the
      // toast is read first.
      await new Promise((resolve) => setTimeout(resolve, CHECKOUT_AFTER_EMAIL_DELAY_MS));
      await start();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'An error occurred. Please try again.';
      toast({ title: 'Failed to Add Email', description: message, variant: 'destructive' });
    } finally {
      setWaiting(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>Your plan</CardTitle>
          <StatusBadge label={label} />
        </div>
        <CardDescription>Premium Membership: unlimited collections and albums, analytics, sharing and CSV export.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {active ? (
          <p className="flex items-center gap-2 font-medium text-success">
            <CircleCheck aria-hidden className="size-5" />
            Your subscription is active
          </p>
        ) : (
          <>
            <p className="text-sm text-ink-muted">
              {label === 'Free'
                ? 'You are on the free tier: up to 3 collections of 50 albums each. Subscribe to lift every limit.'
                : 'Subscribe to keep every collection and album after your trial.'}
            </p>
            {label === 'Free Trial' && (trialDaysLeft(user.trialEndDate) ?? 0) > 2 && (
              <p className="text-sm text-ink-muted" data-testid="trial-kept">
                Subscribing now keeps the rest of your trial: your paid year starts when the trial ends.
              </p>
            )}
            {askEmail ? (
              <SubscriptionEmailForm pending={updateProfile.isPending} onSubmit={saveEmail} />
            ) : (
              <Button size="lg" className="w-full sm:w-auto sm:justify-self-start" onClick={subscribe} loading={busy || waiting}>
                {busy || waiting ? 'Processing...' : 'Subscribe Now'}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function AccountCard({ user }: { user: SessionUser }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y divide-line">
          <DetailRow label="Username">{user.username}</DetailRow>
          <DetailRow label="Email">{user.email ?? 'Not set'}</DetailRow>
          {name && <DetailRow label="Name">{name}</DetailRow>}
          {user.createdAt && <DetailRow label="Member since">{formatSubscriptionDate(user.createdAt)}</DetailRow>}
        </dl>
      </CardContent>
    </Card>
  );
}

function TrialCard({ user }: { user: SessionUser }) {
  const days = trialDaysLeft(user.trialEndDate);
  const ends = formatSubscriptionDate(user.trialEndDate);
  if (user.subscriptionStatus !== 'trialing' || days === null || !ends) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Free Trial</CardTitle>
      </CardHeader>
      <CardContent className="pt-2">
        <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="trial-days-left">
          {days} {days === 1 ? 'day' : 'days'} left
        </p>
        <dl className="mt-2 divide-y divide-line">
          <DetailRow label="Trial ends">{ends}</DetailRow>
        </dl>
      </CardContent>
    </Card>
  );
}

/** Whether the paid year begins after today (paid during the trial); read once per render. */
function paidYearStartsLater(start: string | null | undefined, now: Date = new Date()): boolean {
  return Boolean(start) && Date.parse(start!) > now.getTime();
}

function PaidCard({ user }: { user: SessionUser }) {
  const info = useSubscriptionInfo(user);
  const start = formatSubscriptionDate(info.data?.subscription?.currentPeriodStart);
  const end = formatSubscriptionDate(info.data?.subscription?.currentPeriodEnd);
  if (!start && !end) return null;
  const canCancel = info.data?.status === 'active' && info.data.tier === 'premium';
  // Paid during the trial: the paid year begins when the trial ends, a date still ahead.
  const startsLater = paidYearStartsLater(info.data?.subscription?.currentPeriodStart);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Paid subscription</CardTitle>
        <CardDescription>Annual plan, renews automatically each year.</CardDescription>
      </CardHeader>
      <CardContent className="pt-2">
        <dl className="divide-y divide-line">
          {start && <DetailRow label={startsLater ? 'Paid year starts' : 'Current period started'}>{start}</DetailRow>}
          {end && <DetailRow label={canCancel ? 'Renews on' : 'Current period ends'}>{end}</DetailRow>}
        </dl>
        {canCancel && (
          <div className="mt-4 flex justify-end">
            <CancelSubscriptionButton />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function SignedInSubscription({ user, autoCheckout }: { user: SessionUser; autoCheckout: boolean }) {
  const [, navigate] = useLocation();
  const info = useSubscriptionInfo(user);
  const gated = belongsOnSubscribePage(user);

  useEffect(() => {
    if (!gated) return;
    const timer = setTimeout(() => navigate('/subscribe'), SUBSCRIBE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [gated, navigate]);

  useEffect(() => {
    if (info.isError) toast({ title: 'Error', description: 'Failed to fetch subscription data', variant: 'destructive' });
  }, [info.isError]);

  // Shown for the moment before the move to /subscribe, and kept there: the way out never needs a payment.
  if (gated) return <KeepYourRecordsCard />;
  return (
    <div className="grid gap-6">
      <PlanCard user={user} autoCheckout={autoCheckout} />
      <TrialCard user={user} />
      <PaidCard user={user} />
      {/* Stripe's test cards mean nothing to the demo checkout (it asks for no card) nor in live mode. */}
      {info.data?.provider === 'stripe' && info.data.testMode && !isActivePremium(info.data, user) && <TestPaymentCard />}
      <AccountCard user={user} />
    </div>
  );
}

/**
 * /subscription (docs/product/subscription.md#pages): the login panel for visitors; status, trial, paid
 * period and Subscribe for users.
 */
export default function SubscriptionPage() {
  useDocumentTitle('Subscription');
  const { user } = useSessionUser();
  const [, navigate] = useLocation();
  const notice = useTempAuthNotice();
  const autoCheckout = useCheckoutParam();

  return (
    <SubscriptionLayout>
      {user && (
        <Button variant="ghost" className="-ml-3" onClick={() => navigate(homeHref())}>
          <ArrowLeft aria-hidden />
          Back
        </Button>
      )}
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">Subscription</h1>
      <p className="mt-2 text-sm text-ink-muted">Your plan, trial and payment details.</p>
      <div className="mt-8 grid gap-6">
        {notice && <Notice title="Log in to subscribe">{notice.message ?? 'You were sent here to subscribe. Log in first, then choose Subscribe Now.'}</Notice>}
        {user ? <SignedInSubscription user={user} autoCheckout={autoCheckout} /> : <LoginRequiredPanel />}
      </div>
      {user && (
        <div className="mt-8 flex justify-end">
          <Button variant="secondary" onClick={() => navigate(homeHref())}>
            <House aria-hidden />
            Return to Home
          </Button>
        </div>
      )}
    </SubscriptionLayout>
  );
}
