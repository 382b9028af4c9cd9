import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

/** docs/product/landing.md#routes: a full-screen spinner for 300 ms on every path change. */
export const ROUTE_TRANSITION_MS = 300;

/** True for 300 ms after the path changes (a change of query string alone is not a path change). */
export function useRouteTransition(): boolean {
  const [path] = useLocation();
  const [settledPath, setSettledPath] = useState(path);
  useEffect(() => {
    if (path === settledPath) return;
    const timer = setTimeout(() => setSettledPath(path), ROUTE_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [path, settledPath]);
  return path !== settledPath;
}
