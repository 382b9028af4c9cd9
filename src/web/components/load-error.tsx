import { CloudOff } from 'lucide-react';
import { Button } from './ui/button';
import { EmptyState } from './ui/empty-state';

/** Retry for a failed read, as an empty state with its one button. */
export function LoadError({ title, retrying, onRetry }: { title: string; retrying: boolean; onRetry: () => void }) {
  return (
    <EmptyState
      icon={CloudOff}
      title={title}
      text="Check your connection and try again."
      action={
        <Button loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
