import { RefreshCw } from 'lucide-react';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { HomeHead } from '../../common/home-render';
import { Router } from 'wouter';
import { Button } from '../components/ui/button';
import { FullScreenSpinner } from '../components/ui/spinner';
import { useSessionUser } from '../lib/session';
import { useAfterPayment } from '../features/subscription/use-after-payment';
import { useOfflineCopy } from '../offline/offline-copy-client';
import { Providers } from './providers';
import { ServerRenderContext } from './server-render-context';
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
  useAfterPayment(isPending ? undefined : (user ?? null));
  useOfflineCopy(isPending || (isError && user === undefined) ? undefined : (user ?? null));
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

/** What the server knows of a page it draws (home-server-render.tsx); absent in the browser. */
export interface ServerRenderProps {
  client: QueryClient;
  path: string;
  search: string;
  storedSelectedCollection: string | null;
  storedHomeView: string;
  storedOverdueDismissal: string;
  recordHead?: (part: Partial<HomeHead>) => void;
}

/**
 * The whole app. The server draws the collection home with the same tree (`server` given), and the
 * browser hydrates what it drew: the Router is there in both, so the two trees match node for node.
 */
export function App({ server }: { server?: ServerRenderProps }) {
  return (
    <ServerRenderContext
      value={
        server
          ? {
              storedSelectedCollection: server.storedSelectedCollection,
              storedHomeView: server.storedHomeView,
              storedOverdueDismissal: server.storedOverdueDismissal,
              recordHead: server.recordHead,
            }
          : null
      }
    >
      <Router ssrPath={server?.path} ssrSearch={server?.search}>
        <Providers client={server?.client}>
          <Shell />
        </Providers>
      </Router>
    </ServerRenderContext>
  );
}
