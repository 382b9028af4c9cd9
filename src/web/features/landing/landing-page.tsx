import { useEffect, useRef } from 'react';
import { FaqSection } from './components/faq-section';
import { FeaturesSection } from './components/features-section';
import { HeroSection } from './components/hero-section';
import { LandingFooter } from './components/landing-footer';
import { LandingHeader } from './components/landing-header';
import { PricingSection } from './components/pricing-section';
import { ScreenshotsSection } from './components/screenshots-section';
import { SupportSection } from './components/support-section';
import { enhanceLanding } from './enhance-landing';
import { JSON_LD_ID, softwareApplicationJson } from './structured-data';
import { supportEmail } from '../../lib/support-email';

/**
 * The marketing page for visitors (docs/product/landing.md#landing). Prerendered to static HTML for GET / by
 * scripts/prerender-landing.mjs, and rendered by the app for signed-out visitors at unknown paths:
 * so no data fetching here, and the only behaviour lives in enhance-landing.ts.
 */
export default function LandingPage() {
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => (root.current ? enhanceLanding(root.current) : undefined), []);

  // Inside the app the structured metadata is added to <head> here; the prerendered page has it already.
  useEffect(() => {
    if (document.getElementById(JSON_LD_ID)) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.id = JSON_LD_ID;
    script.textContent = softwareApplicationJson();
    document.head.append(script);
    return () => script.remove();
  }, []);

  return (
    <div ref={root} id="top" className="min-h-dvh bg-paper text-ink">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <LandingHeader />
      <main id="main">
        <HeroSection />
        <FeaturesSection />
        <ScreenshotsSection />
        <PricingSection />
        <FaqSection />
        <SupportSection email={supportEmail()} />
      </main>
      <LandingFooter />
    </div>
  );
}
