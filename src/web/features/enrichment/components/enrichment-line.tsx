import { Pause, Play } from 'lucide-react';
import type { EnrichmentStatus } from '../../../../common/enrichment.schemas';
import { Button } from '../../../components/ui/button';
import { errorToast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useEnrichmentStatus, usePauseEnrichment } from '../api';
import { progressText } from '../enrichment-text';

/** Pause or Resume, as the run's state asks. */
export function PauseResumeButton({ status }: { status: EnrichmentStatus }) {
  const toggle = usePauseEnrichment();
  const paused = status.state === 'paused';
  const onClick = () => toggle.mutate(paused ? 'resume' : 'pause', { onError: (error) => errorToast(errorMessage(error)) });
  return (
    <Button variant="secondary" size="sm" onClick={onClick} loading={toggle.isPending}>
      {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
      {paused ? 'Resume' : 'Pause'}
    </Button>
  );
}

/**
 * The run's progress as one line with its pause and resume (docs/product/import.md#covers-and-details-found-after-an-import):
 * the home shows it while lookups are queued, and nothing otherwise.
 */
export function EnrichmentLine({ status }: { status: EnrichmentStatus | undefined }) {
  if (!status || status.state === 'idle') return null;
  return (
    <div
      data-testid="enrichment-line"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface px-4 py-2 text-sm"
    >
      <p role="status" className="mr-auto tabular-nums">
        {progressText(status)}
      </p>
      <PauseResumeButton status={status} />
    </div>
  );
}

/** The home's line: reads the run itself. */
export function HomeEnrichmentLine() {
  const { data } = useEnrichmentStatus();
  return <EnrichmentLine status={data} />;
}
