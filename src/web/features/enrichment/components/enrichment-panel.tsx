import { Card } from '../../../components/ui/card';
import { useEnrichmentStatus, useEnrichmentUnmatched } from '../api';
import { finishedText, progressText } from '../enrichment-text';
import { PauseResumeButton } from './enrichment-line';

/**
 * The import page's view of the lookups after an import: progress with pause and resume while they
 * run, then what was found and the albums nothing matched
 * (docs/product/import.md#covers-and-details-found-after-an-import).
 */
export function EnrichmentPanel() {
  const { data: status } = useEnrichmentStatus();
  const finished = status?.state === 'idle' && status.total > 0;
  const unmatched = useEnrichmentUnmatched(finished && status.unmatched > 0);
  if (!status || status.total === 0) return null;
  return (
    <Card className="grid gap-3 p-5 sm:p-6" data-testid="enrichment-panel">
      <h2 className="text-lg font-semibold">Covers and details</h2>
      {finished ? (
        <p className="text-sm">{finishedText(status)}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="mr-auto text-sm tabular-nums">
            {progressText(status)}
          </p>
          <PauseResumeButton status={status} />
        </div>
      )}
      {finished && unmatched.data && unmatched.data.items.length > 0 && (
        <div className="grid gap-1">
          <h3 className="text-sm font-medium">Not matched</h3>
          <ul className="grid gap-0.5 text-sm text-ink-muted" data-testid="enrichment-unmatched">
            {unmatched.data.items.map((item) => (
              <li key={item.albumId}>
                {item.artist} – {item.title} <span className="text-ink-muted">({item.collection})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
