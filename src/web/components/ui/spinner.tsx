import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** An inline busy indicator. Decorative unless given a label. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex">
      <LoaderCircle aria-hidden className={cn('size-4 animate-spin', className)} />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

/** The whole-page wait (docs/product/landing.md#routes): while the session loads and for 300 ms on every path change. */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="fixed inset-0 z-40 grid place-items-center bg-paper" data-testid="full-screen-spinner">
      <Spinner className="size-10 text-accent" label={label} />
    </div>
  );
}
