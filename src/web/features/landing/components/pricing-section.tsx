import { Check } from 'lucide-react';
import {
  FREE_TIER_MAX_ALBUMS_PER_COLLECTION,
  FREE_TIER_MAX_COLLECTIONS,
  PLAN_NAME,
  PRICE_LABEL,
  TRIAL_DAYS,
} from '../../../../common/constants';
import { ButtonLink, CONTAINER, SectionHeading } from './ui';

const INCLUDED = [
  'Unlimited collections and albums',
  'Automatic cover art search, uploads and image links',
  'Read-only sharing links for family and friends',
  'Lending tracker, search, filters and sorting',
  'CSV export and collection analytics',
  'Your favourite record stores on a map',
];

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-4 border-y border-line bg-surface py-20 sm:py-24">
      <div className={CONTAINER}>
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="One price, everything included">
          Less than a single new LP, once a year.
        </SectionHeading>
        <div className="mx-auto mt-14 max-w-lg rounded-2xl border-2 border-accent bg-paper p-8 shadow-sm sm:p-10">
          <h3 className="text-lg font-semibold">{PLAN_NAME}</h3>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="text-5xl font-bold tracking-tight tabular-nums">{PRICE_LABEL}</span>
            <span className="text-ink-muted">per year</span>
          </p>
          <p className="mt-3 font-medium text-ink">
            Start with a {TRIAL_DAYS}-day free trial. No credit card needed.
          </p>
          <ul className="mt-8 space-y-3">
            {INCLUDED.map((item) => (
              <li key={item} className="flex gap-3">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <ButtonLink href="/auth?mode=register" className="mt-10 w-full">
            Start Your Collection
          </ButtonLink>
          <p className="mt-4 text-center text-sm text-ink-muted">
            When the trial ends, subscribe to keep using your collections; you can always download them as CSV.
          </p>
          <p className="mt-2 text-center text-sm text-ink-muted">
            Cancel a paid plan whenever you like: you keep up to {FREE_TIER_MAX_COLLECTIONS} collections of{' '}
            {FREE_TIER_MAX_ALBUMS_PER_COLLECTION} albums for free.
          </p>
        </div>
      </div>
    </section>
  );
}
