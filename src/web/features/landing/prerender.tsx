import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import LandingPage from './landing-page';
import { JSON_LD_ID, softwareApplicationJson } from './structured-data';

/** Build-time render of the landing page (scripts/prerender-landing.mjs): its markup and its <head> additions. */
export function renderLanding(): { html: string; head: string } {
  return {
    html: renderToString(
      <Router ssrPath="/">
        <LandingPage />
      </Router>,
    ),
    head: `<script type="application/ld+json" id="${JSON_LD_ID}">${softwareApplicationJson()}</script>`,
  };
}
