import { RefreshCw } from 'lucide-react';
import { Suspense } from 'react';
import { Button } from '../components/ui/button';
import { FullScreenSpinner } from '../components/ui/spinner';
import { useSessionUser } from '../lib/session';
import { Providers } from './providers';
import { AppRoutes } from './routes';
import { useRouteTransition } from './use-route-transition';

/** The session could not be read (server down, network): say so instead of pretending to be signed out. */
function SessionError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <main className="grid min-h-dvh place-items-center px-6">
      <div className="max-w-sm text-center">
        <h1 className="text-xl font-semibold">Spindle can't be reached</h1>
        <p className="mt-2 text-sm text-ink-muted">Check your connection and try again.</p>
        <Button className="mt-6" onClick={onRetry} loading={retrying}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
      </div>
    </main>
  );
}

function Shell() {
  const { user, isPending, isError, refetch, isFetching } = useSessionUser();
  const transitioning = useRouteTransition();
  if (isPending) return <FullScreenSpinner />;
  // A failed background refetch keeps the user we have; only a first load that fails stops here.
  if (isError && user === undefined) return <SessionError onRetry={() => void refetch()} retrying={isFetching} />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <AppRoutes user={user ?? null} />
      {transitioning && <FullScreenSpinner />}
    </Suspense>
  );
}

export function App() {
  return (
    <Providers>
      <Shell />
    </Providers>
  );
}
