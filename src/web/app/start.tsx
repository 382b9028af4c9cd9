import { StrictMode } from 'react';
import { queryClient } from '../lib/query-client';
import { App } from './app';
import { mountApp } from './mount-app';

/** Starts the app in `root` (main.tsx decides when); true once a server drawing is hydrated. */
export function startApp(root: HTMLElement): Promise<boolean> {
  return mountApp(
    root,
    <StrictMode>
      <App />
    </StrictMode>,
    queryClient,
  );
}
