import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  /** The one button that does what the text suggests, so an empty page always leads on. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, text, action, className }: EmptyStateProps) {
  return (
    <div className={cn('mx-auto flex max-w-md min-w-0 flex-col items-center px-6 py-16 text-center', className)}>
      <div className="mb-5 grid size-16 place-items-center rounded-full bg-accent-soft text-accent">
        <Icon aria-hidden className="size-8" strokeWidth={1.75} />
      </div>
      <h2 className="max-w-full text-xl font-semibold tracking-tight wrap-anywhere">{title}</h2>
      <p className="mt-2 text-sm leading-relaxed text-ink-muted">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
