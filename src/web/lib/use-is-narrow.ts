import { useSyncExternalStore } from 'react';

const NARROW = '(max-width: 768px)';

/**
 * Width alone (≤ 768 px): layout decisions such as the sidebar drawer, which must work with a mouse too.
 * Always false while `asked` is false: a page the server drew (as wide) and the browser took over as
 * narrow is not re-rendered at once for something nothing shows yet (a closed drawer).
 */
export function useIsNarrow(asked = true): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => asked && window.matchMedia(NARROW).matches,
    () => false,
  );
}
