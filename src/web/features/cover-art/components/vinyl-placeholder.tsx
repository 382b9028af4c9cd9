import { cn } from '../../../lib/cn';

/**
 * The designed stand-in for a missing or broken cover: a record in its sleeve, never a broken-image
 * icon. One element, the record drawn by CSS (`.vinyl-placeholder` in styles.css): the home draws
 * dozens at each narrowing of its search, and an inline SVG cost seven elements each.
 */
export function VinylPlaceholder({ className, label }: { className?: string; label?: string }) {
  return (
    <div role="img" aria-label={label ?? 'No cover art'} className={cn('vinyl-placeholder aspect-square w-full bg-muted', className)} />
  );
}
