import { ArrowRight, Check } from 'lucide-react';
import { PRICE_LABEL, TRIAL_DAYS } from '../../../../common/constants';
import { SCREENSHOT_HEIGHT, SCREENSHOT_WIDTH, SCREENSHOTS, srcSet } from '../screenshots';
import { ButtonLink, CONTAINER } from './ui';

const PROMISES = [`${TRIAL_DAYS}-day free trial`, 'No credit card needed', `${PRICE_LABEL} a year after that`];

export function HeroSection() {
  const shot = SCREENSHOTS[0]!;
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      {/* Faint record grooves behind the screenshot: decoration only. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-56 size-[44rem] rounded-full opacity-60 [background:repeating-radial-gradient(circle,transparent_0_10px,var(--color-line)_10px_11px)] [mask-image:radial-gradient(circle,black_35%,transparent_70%)] max-lg:hidden"
      />
      <div className={`${CONTAINER} relative grid items-center gap-12 pt-12 pb-16 sm:pt-16 lg:grid-cols-[1fr_1.2fr] lg:gap-16 lg:pt-20 lg:pb-24`}>
        <div>
          <p className="inline-flex items-center rounded-full border border-line bg-surface px-3 py-1 text-sm font-medium text-ink-muted">
            For people who still buy records
          </p>
          <h1 id="hero-title" className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Every record you own, on one tidy shelf.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-ink-muted">
            Spindle catalogues your vinyl in named collections, finds the cover art for you, remembers who borrowed what, and
            lets friends browse a read-only copy of your shelves.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink href="/auth?mode=register">
              Get Started
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
            <ButtonLink href="/auth?mode=login" variant="secondary">
              Sign In
            </ButtonLink>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink-muted">
            {PROMISES.map((promise) => (
              <li key={promise} className="inline-flex items-center gap-1.5">
                <Check aria-hidden="true" className="size-4 text-success" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <figure className="relative">
          <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-xl shadow-black/10 dark:shadow-black/40">
            <div aria-hidden="true" className="flex h-7 items-center gap-1.5 border-b border-line bg-muted px-3">
              <span className="size-2.5 rounded-full bg-line" />
              <span className="size-2.5 rounded-full bg-line" />
              <span className="size-2.5 rounded-full bg-line" />
            </div>
            <img
              src={shot.large}
              srcSet={srcSet(shot)}
              sizes="(min-width: 1024px) 640px, calc(100vw - 2rem)"
              width={SCREENSHOT_WIDTH}
              height={SCREENSHOT_HEIGHT}
              alt={shot.alt}
              fetchPriority="high"
              decoding="async"
              className="block h-auto w-full"
            />
          </div>
          <figcaption className="sr-only">{shot.title}</figcaption>
        </figure>
      </div>
    </section>
  );
}
