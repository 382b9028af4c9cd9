import { z } from 'zod';

export { ENRICHMENT_MAX_QUEUED, ENRICHMENT_PATHS, FIND_DETAILS_PARAM } from './enrichment-paths.js';

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
