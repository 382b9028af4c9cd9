import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { HomeHead, HomeRenderInput, HomeRenderModule } from '../../../common/home-render';
import { App } from '../../app/app';
import { QUERY_KEYS } from '../../lib/api-paths';
import { createQueryClient } from '../../lib/query-client';

/**
 * The server's entry into the web app (built by vite.ssr.config.ts): draws the collection home with
 * the app's own components and the user's data, so the first screen of album cards is in the HTML and
 * shows before any script runs (docs/product/collections.md#home). The browser hydrates it
 * (app/mount-app.ts). A new query client per request: nothing of one user's data outlives their
 * render. The head is what the drawing showed, filled in by the home's components as they render
 * (app/server-render-context.ts).
 */
export const renderHome: HomeRenderModule['renderHome'] = (input: HomeRenderInput) => {
  const client = createQueryClient();
  const head: HomeHead = { view: null, overdueCount: 0, overdueKeys: [] };
  try {
    client.setQueryData(QUERY_KEYS.user, input.user);
    client.setQueryData(QUERY_KEYS.collections, input.collections);
    client.setQueryData(QUERY_KEYS.albums, input.albums);
    const html = renderToString(
      <StrictMode>
        <App
          server={{
            client,
            path: input.path,
            search: input.search,
            storedSelectedCollection: input.storedSelectedCollection,
            storedHomeView: input.storedHomeView,
            storedOverdueDismissal: input.storedOverdueDismissal,
            recordHead: (part) => Object.assign(head, part),
          }}
        />
      </StrictMode>,
    );
    return { html, head };
  } finally {
    client.clear();
  }
};
