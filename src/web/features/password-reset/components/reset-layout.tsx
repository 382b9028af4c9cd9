import { Disc3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

/** The frame of the forgot and reset pages: the brand, then one narrow column in the middle. */
export function ResetLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col px-6 py-8 sm:px-10">
      <Link href="/" className="flex items-center gap-2 self-start text-lg font-semibold tracking-tight">
        <Disc3 aria-hidden className="size-6 text-accent" />
        Spindle
      </Link>
      <main className="mx-auto my-auto w-full max-w-sm py-10">{children}</main>
    </div>
  );
}
