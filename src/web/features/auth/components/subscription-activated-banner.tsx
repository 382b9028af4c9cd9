import { CircleCheck } from 'lucide-react';

/** docs/product/auth.md#auth-page: the green banner for subscription_activated=true. */
export function SubscriptionActivatedBanner() {
  return (
    <div role="status" className="flex gap-3 rounded-xl border border-success/40 bg-success/10 p-4 text-ink">
      <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
      <div>
        <p className="font-semibold text-success">Subscription Activated</p>
        <p className="mt-1 text-sm text-ink-muted">Your subscription is now active. Please log in to continue.</p>
      </div>
    </div>
  );
}
