import { z } from 'zod';

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

export const enrichmentStatusSchema = z.object({
  state: z.enum(['idle', 'running', 'paused']),
  done: z.number().int(),
  total: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
});
export type EnrichmentStatus = z.infer<typeof enrichmentStatusSchema>;

export const enrichmentUnmatchedSchema = z.object({
  items: z.array(z.object({ albumId: z.number().int(), title: z.string(), artist: z.string(), collection: z.string() })),
});
export type EnrichmentUnmatched = z.infer<typeof enrichmentUnmatchedSchema>;
