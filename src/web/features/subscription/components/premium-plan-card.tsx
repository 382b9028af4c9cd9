import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { PLAN_NAME, PRICE_LABEL } from '../../../../common/constants';
import { monthlyPriceCeiling } from '../subscription-rules';

/** What Premium includes (docs/product/subscription.md#plan). */
export const PREMIUM_FEATURES = [
  'Unlimited collections and albums',
  'Enhanced cover art search',
  'Collection analytics',
  'Read-only sharing links',
  'CSV export',
] as const;

/** The Premium Membership card: one price from the shared constant, what it includes, and the action. */
export function PremiumPlanCard({ children }: { children?: ReactNode }) {
  return (
    <section aria-labelledby="premium-plan-title" className="rounded-2xl border-2 border-accent bg-surface p-6 text-ink sm:p-8">
      <h2 id="premium-plan-title" className="text-lg font-semibold tracking-tight">{PLAN_NAME}</h2>
      <p className="mt-3 flex items-baseline gap-2">
        <span className="text-4xl font-bold tracking-tight tabular-nums">{PRICE_LABEL}</span>
        <span className="text-ink-muted">per year</span>
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        Less than {monthlyPriceCeiling()} per month. Renews yearly, cancel anytime.
      </p>
      <ul className="mt-6 grid gap-3">
        {PREMIUM_FEATURES.map((feature) => (
          <li key={feature} className="flex gap-3 text-sm">
            <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
            {feature}
          </li>
        ))}
      </ul>
      {children && <div className="mt-8 grid gap-3 sm:flex sm:flex-wrap">{children}</div>}
    </section>
  );
}
