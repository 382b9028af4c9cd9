import type { EnrichmentStatus } from '../../../common/enrichment.schemas';
import { formatCount } from '../../lib/number-format';

/** "Finding covers: 312 of 1,151" (paused: "Finding covers paused: 312 of 1,151"). */
export function progressText(status: EnrichmentStatus): string {
  const counts = `${formatCount(status.done)} of ${formatCount(status.total)}`;
  return status.state === 'paused' ? `Finding covers paused: ${counts}` : `Finding covers: ${counts}`;
}

/** What a finished run found. */
export function finishedText(status: EnrichmentStatus): string {
  const found = `Found covers and details for ${formatCount(status.matched)} of ${formatCount(status.total)} ${status.total === 1 ? 'album' : 'albums'}`;
  return status.unmatched > 0 ? `${found}; ${formatCount(status.unmatched)} could not be matched.` : `${found}.`;
}

/** The import's choice: "Find covers and details for the 1,151 new albums". */
export const findDetailsText = (count: number) =>
  count === 1 ? 'Find covers and details for the new album' : `Find covers and details for the ${formatCount(count)} new albums`;
