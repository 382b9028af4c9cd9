import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** An inline alert on the page itself: neutral, or a warning for a gated account. */
export function Notice({ title, children, tone = 'info' }: { title: string; children?: ReactNode; tone?: 'info' | 'warning' }) {
  return (
    <div
      role={tone === 'warning' ? 'alert' : 'status'}
      className={cn(
        'flex gap-3 rounded-xl border p-4',
        tone === 'warning' ? 'border-warning/50 bg-warning/10' : 'border-line bg-surface',
      )}
    >
      <Info aria-hidden className={cn('mt-0.5 size-5 shrink-0', tone === 'warning' ? 'text-warning' : 'text-accent')} />
      <div>
        <p className="font-semibold">{title}</p>
        {children && <div className="mt-1 text-sm text-ink-muted">{children}</div>}
      </div>
    </div>
  );
}
