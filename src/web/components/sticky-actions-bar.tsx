import { useLayoutEffect, type ReactNode } from 'react';
import { cn } from '../lib/cn';

/** How many sticky bars are shown: the root stays marked until the last one goes. */
let shownBars = 0;

/**
 * A bar of actions stuck to the bottom of a form page (Save Album, Import…). While it is shown the
 * page's root carries `data-sticky-actions`: styles.css then gives the page 6 rem of bottom scroll
 * padding, so a field reached with Tab stays above the bar (WCAG 2.4.11), and from 640 px raises the
 * toasts above it. The root is marked from here rather than matched with `html:has([data-sticky-actions])`:
 * with that selector the browser restyled the root at every element added or removed anywhere in any
 * page, about 0.8 ms of each letter typed in the home's search (docs/decisions.md, "The first keystroke").
 */
export function StickyActionsBar({ className, children }: { className?: string; children: ReactNode }) {
  useLayoutEffect(() => {
    shownBars++;
    document.documentElement.dataset.stickyActions = '';
    return () => {
      shownBars--;
      if (shownBars === 0) delete document.documentElement.dataset.stickyActions;
    };
  }, []);
  return (
    <div
      className={cn(
        'sticky bottom-0 z-10 -mx-4 border-t border-line bg-paper/90 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6',
        className,
      )}
    >
      {children}
    </div>
  );
}
