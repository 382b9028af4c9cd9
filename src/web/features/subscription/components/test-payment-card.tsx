import { FlaskConical } from 'lucide-react';
import { PRICE_USD } from '../../../../common/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

/**
 * docs/product/subscription.md#pages: with Stripe's test keys only (development), what to pay with and why activation happens
 * on the success page. The demo checkout asks for no card, and live mode must not show test cards.
 */
export function TestPaymentCard() {
  return (
    <Card className="border-dashed">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FlaskConical aria-hidden className="size-5 text-accent" />
          Test Payment Information
        </CardTitle>
        <CardDescription>Payments are in test mode: no real money is charged.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-1">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-ink-muted">Plan:</dt>
            <dd className="font-medium">Annual Subscription</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-ink-muted">Price:</dt>
            <dd className="font-medium tabular-nums">{PRICE_USD.toFixed(2)} USD per year</dd>
          </div>
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-ink-muted">Feature:</dt>
            <dd className="font-medium">Unlimited collections and albums</dd>
          </div>
        </dl>
        <ul className="grid gap-2">
          <li>
            Test card <span className="font-mono font-medium tabular-nums">4242 4242 4242 4242</span> pays without authentication.
          </li>
          <li>
            Test card <span className="font-mono font-medium tabular-nums">4000 0025 0000 3155</span> requires 3D Secure.
          </li>
        </ul>
        <p className="rounded-lg bg-muted p-3 text-ink-muted">
          In development the payment provider's webhooks do not reach the app, so the subscription is activated manually on the success
          page after payment.
        </p>
      </CardContent>
    </Card>
  );
}
