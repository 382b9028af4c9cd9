import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENRICHMENT_PATHS } from '../../../common/enrichment-paths';
import type { EnrichmentStatus } from '../../../common/enrichment.schemas';
import { apiRequest, getJson } from '../../lib/api-client';
import { QUERY_KEYS } from '../../lib/api-paths';
import { plainEnrichmentStatus } from './status-answer';

/**
 * The answers' schemas, fetched when first needed: the home shows the progress line, and zod's code
 * in the home's first evaluation was a long task on a phone's first visit (bench/home-lighthouse-cold).
 * The usual progress answer is checked without them (`plainEnrichmentStatus`).
 */
const schemas = () => import('../../../common/enrichment.schemas');

async function readStatus(answer: unknown): Promise<EnrichmentStatus> {
  return plainEnrichmentStatus(answer) ?? (await schemas()).enrichmentStatusSchema.parse(answer);
}

/** While lookups run the progress is read again this often; idle, it is read once. */
const RUNNING_POLL_MS = 3_000;

const statusKey = [ENRICHMENT_PATHS.status] as const;
const unmatchedKey = [ENRICHMENT_PATHS.unmatched] as const;

/** The signed-in user's run of cover and detail lookups (docs/product/import.md#covers-and-details-found-after-an-import). */
export function useEnrichmentStatus() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: statusKey,
    queryFn: async ({ signal }) => {
      const status = await readStatus(await getJson(ENRICHMENT_PATHS.status, { signal }));
      const previous = queryClient.getQueryData<EnrichmentStatus>(statusKey);
      // Albums gain covers as the run goes: the list is read again when more are done.
      if (previous && previous.done !== status.done) void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.albums });
      return status;
    },
    refetchInterval: (query) => (query.state.data?.state === 'running' ? RUNNING_POLL_MS : false),
  });
}

export function useEnrichmentUnmatched(enabled: boolean) {
  return useQuery({
    queryKey: unmatchedKey,
    queryFn: async ({ signal }) => {
      const [answer, { enrichmentUnmatchedSchema }] = await Promise.all([
        getJson(ENRICHMENT_PATHS.unmatched, { signal }),
        schemas(),
      ]);
      return enrichmentUnmatchedSchema.parse(answer);
    },
    enabled,
  });
}

/** Pause or resume; the answer is the new progress. */
export function usePauseEnrichment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: 'pause' | 'resume') => {
      const answer = await apiRequest('POST', action === 'pause' ? ENRICHMENT_PATHS.pause : ENRICHMENT_PATHS.resume);
      return readStatus(answer);
    },
    onSuccess: (status) => queryClient.setQueryData(statusKey, status),
  });
}

/** After an import queued lookups: the progress is read again at once. */
export function useRefreshEnrichment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: statusKey }),
      queryClient.invalidateQueries({ queryKey: unmatchedKey }),
    ]);
}
