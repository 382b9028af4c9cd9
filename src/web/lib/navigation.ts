import { navigate } from 'wouter/use-browser-location';

/**
 * Navigation for code that runs outside React (the fetch helper, query functions). It drives the same
 * History API that wouter listens to, so the route switch follows without a reload.
 */
export interface NavigationState {
  /** Where a signed-out visitor was going; the auth page returns there after login (docs/product/auth.md#after-login). */
  from?: string;
}

export function navigateTo(path: string, options: { replace?: boolean; state?: NavigationState } = {}): void {
  navigate(path, options);
}

export function currentPath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}

export function currentPathWithSearch(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;
}
