import { LockKeyhole } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** docs/product/subscription.md#pages: a visitor is asked to log in first, or to log in and go on to checkout. */
export function LoginRequiredPanel() {
  return (
    <Card className="flex flex-col items-center px-6 py-10 text-center sm:px-10">
      <div className="mb-5 grid size-14 place-items-center rounded-full bg-accent-soft text-accent">
        <LockKeyhole aria-hidden className="size-7" strokeWidth={1.75} />
      </div>
      <h2 className="text-xl font-semibold tracking-tight">Login required</h2>
      <p className="mt-2 max-w-sm text-sm leading-relaxed text-ink-muted">
        Log in to see your subscription, or log in and go straight on to subscribe.
      </p>
      <div className="mt-6 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild variant="secondary">
          <Link href="/auth">Log In</Link>
        </Button>
        <Button asChild>
          <Link href="/auth?login=true&subscribe=true">Log in to Subscribe</Link>
        </Button>
      </div>
    </Card>
  );
}
