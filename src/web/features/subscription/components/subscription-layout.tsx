import { Disc3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useInSignedInFrame } from '../../../app/signed-in-frame';
import { cn } from '../../../lib/cn';

/**
 * The quiet frame of the subscription pages: the product name home, then one centred column. Signed
 * in, the app's frame already draws the header (with the menu), so this one is left out.
 */
export function SubscriptionLayout({ children, className }: { children: ReactNode; className?: string }) {
  const framed = useInSignedInFrame();
  return (
    <div className={cn('flex flex-col', framed ? 'flex-1' : 'min-h-dvh')}>
      {!framed && (
        <header className="border-b border-line/70">
          <div className="mx-auto flex h-16 w-full max-w-3xl items-center px-4 sm:px-6">
            <Link href="/" className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight">
              <Disc3 aria-hidden className="size-6 text-accent" />
              Spindle
            </Link>
          </div>
        </header>
      )}
      <main className={cn('mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-12', className)}>{children}</main>
    </div>
  );
}

/** A label and its value in the account and plan cards; tabular numbers for dates, so they line up. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="text-sm font-medium break-words tabular-nums">{children}</dd>
    </div>
  );
}
