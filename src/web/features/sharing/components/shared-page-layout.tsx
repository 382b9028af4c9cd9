import { ArrowRight, Disc3, Library } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';

export const SHARED_CONTAINER = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';

/**
 * The frame of the public page: the product name home, and a way back into one's own collection
 * (signed in) or in for the first time (visitors). `signedIn` comes from the session the shell has
 * already read; this page asks the server for nothing that needs one.
 */
export function SharedPageLayout({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line/70">
        <div className={`${SHARED_CONTAINER} flex h-16 items-center justify-between gap-4`}>
          <Link href="/" className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight">
            <Disc3 aria-hidden className="size-6 text-accent" />
            Spindle
          </Link>
          {signedIn ? (
            <Button asChild variant="secondary" size="sm">
              <Link href="/">
                <Library aria-hidden />
                My collection
              </Link>
            </Button>
          ) : (
            <Button asChild variant="ghost" size="sm">
              <Link href="/auth?mode=login">Sign In</Link>
            </Button>
          )}
        </div>
      </header>
      <main className="flex-1">{children}</main>
      {!signedIn && <VisitorInvitation />}
    </div>
  );
}

/** A quiet invitation under the shelf for visitors (its words are in docs/product/sharing.md#public-page). */
function VisitorInvitation() {
  return (
    <aside aria-labelledby="shared-invite-title" className={`${SHARED_CONTAINER} pt-4 pb-10`}>
      <div className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-surface px-5 py-5 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div>
          <h2 id="shared-invite-title" className="font-semibold">
            Make your own collection on Spindle
          </h2>
          <p className="mt-1 text-sm text-ink-muted">Catalogue your records, find their cover art and share them. 30 days free, no card needed.</p>
        </div>
        <Button asChild>
          <Link href="/auth?mode=register">
            Get Started
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </aside>
  );
}
