import { useCallback } from 'react';
import { useRouter } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';

/**
 * Reads of the address's query that re-render only when what they read changes. wouter's
 * useSearch() re-renders at every replaceState, and the home replaces its address at each letter
 * typed in its search (docs/decisions.md, "The first keystroke"): the page around the grid, its
 * header and sidebar included, must not draw again for it.
 */

/** The query as the page was drawn with: the server's (ssrSearch) while it draws, else the address's. */
function useSearchSource(): () => string {
  const { ssrSearch } = useRouter();
  return useCallback(() => (typeof window === 'undefined' ? (ssrSearch ?? '') : window.location.search), [ssrSearch]);
}

/** One query parameter's value (null when absent); re-renders when that value changes. */
export function useSearchParam(name: string): string | null {
  const source = useSearchSource();
  const read = () => new URLSearchParams(source()).get(name);
  return useLocationProperty(read, read);
}

/** The query without `keys` ("a=1&b=2"); re-renders when any other parameter changes. */
export function useSearchExcept(keys: readonly string[]): string {
  const source = useSearchSource();
  const read = () => {
    const params = new URLSearchParams(source());
    for (const key of keys) params.delete(key);
    return params.toString();
  };
  return useLocationProperty(read, read);
}

/** The whole query now ("a=1&b=2"), read once: for a first state or inside an effect, never to render from. */
export function useSearchNow(): () => string {
  const source = useSearchSource();
  return useCallback(() => new URLSearchParams(source()).toString(), [source]);
}
