import { PRICE_USD, PRODUCT_NAME, STRUCTURED_DATA, TRIAL_DAYS } from '../../../common/constants';

export const JSON_LD_ID = 'spindle-software-application';

/** schema.org SoftwareApplication for the landing page's <head> (docs/product/landing.md#landing). */
export function softwareApplication() {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: PRODUCT_NAME,
    applicationCategory: 'LifestyleApplication',
    operatingSystem: 'Web browser',
    description:
      'Catalogue your vinyl records in named collections, find cover art automatically, track lent albums, share a collection read-only and export to CSV.',
    offers: {
      '@type': 'Offer',
      price: PRICE_USD.toFixed(2),
      priceCurrency: 'USD',
      priceValidUntil: STRUCTURED_DATA.priceValidUntil,
      description: `Annual subscription after a ${TRIAL_DAYS}-day free trial; no credit card needed to start.`,
    },
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: STRUCTURED_DATA.ratingValue,
      ratingCount: STRUCTURED_DATA.ratingCount,
    },
  };
}

/** The JSON as it may sit inside <script>: "<" escaped so no string in it can close the element. */
export function softwareApplicationJson(): string {
  return JSON.stringify(softwareApplication()).replace(/</g, '\\u003c');
}
