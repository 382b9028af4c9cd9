import { useSyncExternalStore } from 'react';

const NARROW = '(max-width: 768px)';

/** Width alone (≤ 768 px): layout decisions such as the sidebar drawer, which must work with a mouse too. */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
