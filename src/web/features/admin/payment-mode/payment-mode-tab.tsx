import { useQuery } from '@tanstack/react-query';
import { CreditCard, FlaskConical, TriangleAlert, Zap } from 'lucide-react';
import { useEffect, useId } from 'react';
import type { PaymentModeInfo } from '../../../../common/admin-payment-mode.schemas';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { paymentModeQuery, useSetPaymentMode } from './api';

/** docs/product/admin.md#payments: the test card, any future expiry and any CVC. */
export const TEST_CARD_NUMBER = '4242 4242 4242 4242';

function TestPaymentCard({ info }: { info: PaymentModeInfo | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CreditCard aria-hidden className="size-5 text-accent" />
          Test payments
        </CardTitle>
        <CardDescription>How to try a subscription without moving money.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {!info ? (
          <Skeleton className="h-16" />
        ) : info.mode === 'test' ? (
          <>
            <div className="rounded-xl border border-line bg-muted/60 p-4">
              <p className="text-xs tracking-wide text-ink-muted uppercase">Test card</p>
              <p className="mt-1 font-mono text-lg font-semibold tracking-wider tabular-nums" data-testid="test-card-number">
                {TEST_CARD_NUMBER}
              </p>
              <p className="mt-1 text-ink-muted">Any future expiry date and any CVC.</p>
            </div>
            <p>Use it at checkout while payments are in Test Mode: no real charge is made.</p>
            {info.provider === 'demo' && (
              <p className="text-ink-muted">
                No Stripe keys are configured, so Subscribe leads to the built-in demo checkout: press Pay there, no card needed.
                The test card applies once Stripe test keys are set.
              </p>
            )}
          </>
        ) : (
          <p className="flex items-start gap-2">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
            Live Mode processes real charges: the test card is refused. Switch to Test Mode to try a payment.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function PaymentSettingsCard() {
  const query = useQuery(paymentModeQuery());
  const setMode = useSetPaymentMode();
  const hintId = useId();
  const { isError, error } = query;

  useEffect(() => {
    // docs/product/admin.md#payments: the failure toast.
    if (isError) toast({ title: 'Failed to fetch Stripe mode', description: errorMessage(error), variant: 'destructive' });
  }, [isError, error]);

  const info = query.data;
  const live = info?.mode === 'live';
  const toggle = (checked: boolean) => {
    const mode = checked ? 'live' : 'test';
    // Not optimistic: the switch moves only when the server has taken the new mode.
    setMode.mutate(mode, {
      onSuccess: (answer) =>
        toast({
          title: answer.mode === 'live' ? 'Live Mode on' : 'Test Mode on',
          description: answer.mode === 'live' ? 'Payments now process real charges.' : 'Payments now use Stripe test mode.',
          variant: 'success',
        }),
      onError: (failure) =>
        toast({ title: 'Failed to toggle Stripe mode', description: errorMessage(failure), variant: 'destructive' }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Payment Settings</CardTitle>
        <CardDescription>Which Stripe mode new checkouts use.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <Skeleton className="h-12" />
        ) : isError || !info ? (
          <p role="alert" className="text-sm text-ink-muted">
            The payment mode could not be loaded.
          </p>
        ) : (
          <>
            <div className="flex items-center justify-between gap-4 rounded-xl border border-line p-4">
              <div className="grid min-w-0 gap-1">
                <p className="flex items-center gap-2 text-sm font-medium" data-testid="payment-mode-status">
                  {live ? (
                    <Zap aria-hidden className="size-4 text-warning" />
                  ) : (
                    <FlaskConical aria-hidden className="size-4 text-accent" />
                  )}
                  {live ? 'Live Mode' : 'Test Mode'}
                </p>
                <p id={hintId} className="text-sm text-ink-muted">
                  {live
                    ? 'Live Mode processes real charges.'
                    : 'Test Mode: use the test card 4242 4242 4242 4242 with any future expiry and any CVC.'}
                </p>
              </div>
              <Switch
                checked={live}
                onCheckedChange={toggle}
                disabled={setMode.isPending}
                aria-describedby={hintId}
                aria-label="Live Mode"
              />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-ink-muted">Checkout</dt>
              <dd>{info.provider === 'demo' ? 'Built-in demo checkout (no Stripe keys configured)' : 'Stripe'}</dd>
              <dt className="text-ink-muted">Test keys</dt>
              <dd>{info.testKeys ? 'Configured' : 'Not configured'}</dd>
              <dt className="text-ink-muted">Live keys</dt>
              <dd>{info.liveKeys ? 'Configured' : 'Not configured'}</dd>
            </dl>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The admin dashboard's Payments tab (docs/product/admin.md#payments): the test-payment card and the test/live switch. */
export function PaymentModeTab() {
  const { data } = useQuery(paymentModeQuery());
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
      <TestPaymentCard info={data} />
      <PaymentSettingsCard />
    </div>
  );
}
