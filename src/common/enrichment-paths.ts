/*
 * Covers and details found after an import: the routes and limits, apart from the schemas so that the
 * collection home's progress line does not bring zod's code into the home's first evaluation.
 */

/** Covers and details found after an import (docs/product/import.md#covers-and-details-found-after-an-import). */
export const ENRICHMENT_PATHS = {
  status: '/api/enrichment',
  pause: '/api/enrichment/pause',
  resume: '/api/enrichment/resume',
  unmatched: '/api/enrichment/unmatched',
} as const;

/** The import's query parameter: `findDetails=false` imports without queueing the lookups (on by default). */
export const FIND_DETAILS_PARAM = 'findDetails';

/** Lookups one account may have queued at once (docs/product/limits.md#covers-and-details-after-an-import). */
export const ENRICHMENT_MAX_QUEUED = 20_000;
