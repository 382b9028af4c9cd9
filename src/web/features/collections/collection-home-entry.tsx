import { RefreshCw } from 'lucide-react';
import { useEffect, useState, type ComponentType } from 'react';
import { Button } from '../../components/ui/button';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { API } from '../../lib/api-paths';
import { startEarlyReads } from './early-home-reads';

/*
 * The collection home is where signed-in users land. Its code is fetched as the app starts on its
 * paths, beside the session lookup, and it is shown without React.lazy: a Suspense fallback's reveal
 * is held back by React for 300 ms, which would hold back the first album cards (issue 3's render
 * benchmark). Until the code is here, the same full-screen spinner as the session wait shows. Its
 * data is asked for at the same moment (early-home-reads.ts).
 */
type HomePage = ComponentType;
let loaded: HomePage | undefined;
let pending: Promise<HomePage> | undefined;

function loadHome(): Promise<HomePage> {
  pending ??= import('./collection-home-page').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

const HOME_PATHS = new Set(['/', '/collection', '/collections']);
if (typeof window !== 'undefined' && HOME_PATHS.has(window.location.pathname)) {
  loadHome().catch(() => undefined);
  startEarlyReads([API.collections, API.albums]);
}

export function CollectionHomePage() {
  const [page, setPage] = useState<HomePage | undefined>(() => loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (page || failed) return;
    let live = true;
    loadHome().then(
      (next) => {
        if (live) setPage(() => next);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [page, failed]);

  if (page) {
    const Page = page;
    return <Page />;
  }
  if (!failed) return <FullScreenSpinner />;
  return (
    <main className="grid min-h-dvh place-items-center px-6">
      <div className="max-w-sm text-center">
        <h1 className="text-xl font-semibold">Your collection could not be loaded</h1>
        <p className="mt-2 text-sm text-ink-muted">Check your connection and try again.</p>
        <Button className="mt-6" onClick={() => setFailed(false)}>
          <RefreshCw aria-hidden />
          Try again
        </Button>
      </div>
    </main>
  );
}
