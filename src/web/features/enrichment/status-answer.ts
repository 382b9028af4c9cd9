import type { EnrichmentStatus } from '../../../common/enrichment.schemas';

const STATES: readonly string[] = ['idle', 'running', 'paused'] satisfies EnrichmentStatus['state'][];

/**
 * The progress line's answer when it has exactly the shape `enrichmentStatusSchema` accepts, with the
 * schema's fields only; undefined for anything else, which the caller then checks with the schema
 * itself (and its error). The home reads the progress on every first visit: checking the usual answer
 * here keeps zod's code and the schemas out of that load (docs/decisions.md, "The first visit").
 */
export function plainEnrichmentStatus(answer: unknown): EnrichmentStatus | undefined {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return undefined;
  const { state, done, total, matched, unmatched } = answer as Record<string, unknown>;
  if (typeof state !== 'string' || !STATES.includes(state)) return undefined;
  const counts = [done, total, matched, unmatched];
  if (!counts.every((count) => typeof count === 'number' && Number.isSafeInteger(count))) return undefined;
  return { state: state as EnrichmentStatus['state'], done: done as number, total: total as number, matched: matched as number, unmatched: unmatched as number };
}
