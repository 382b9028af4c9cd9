import { cn } from '../../../lib/cn';

/** The designed stand-in for a missing or broken cover: a record in its sleeve, never a broken-image icon. */
export function VinylPlaceholder({ className, label }: { className?: string; label?: string }) {
  return (
    <div role="img" aria-label={label ?? 'No cover art'} className={cn('grid aspect-square w-full place-items-center bg-muted', className)}>
      <svg viewBox="0 0 100 100" className="size-3/5 text-ink-muted/70" aria-hidden>
        <circle cx="50" cy="50" r="46" fill="currentColor" opacity="0.9" />
        <circle cx="50" cy="50" r="36" fill="none" stroke="var(--color-muted)" strokeOpacity="0.35" strokeWidth="0.8" />
        <circle cx="50" cy="50" r="28" fill="none" stroke="var(--color-muted)" strokeOpacity="0.35" strokeWidth="0.8" />
        <circle cx="50" cy="50" r="15" fill="var(--color-accent)" opacity="0.85" />
        <circle cx="50" cy="50" r="2.5" fill="var(--color-muted)" />
      </svg>
    </div>
  );
}
