import { Disc3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '../../../lib/cn';

/** The quiet frame of the subscription pages: the product name home, then one centred column. */
export function SubscriptionLayout({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line/70">
        <div className="mx-auto flex h-16 w-full max-w-3xl items-center px-4 sm:px-6">
          <Link href="/" className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight">
            <Disc3 aria-hidden className="size-6 text-accent" />
            Spindle
          </Link>
        </div>
      </header>
      <main className={cn('mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-12', className)}>{children}</main>
    </div>
  );
}

/** A label and its value in the account and plan cards; tabular numbers for dates (guide/look.md). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="text-sm font-medium break-words tabular-nums">{children}</dd>
    </div>
  );
}
