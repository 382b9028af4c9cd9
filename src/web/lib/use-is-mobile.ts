import { useSyncExternalStore } from 'react';

/** "Mobile", as the product means it: a width of 768 px or less on a touch device. */
const NARROW = '(max-width: 768px)';
const TOUCH = '(pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  const queries = [window.matchMedia(NARROW), window.matchMedia(TOUCH)];
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

function isMobileNow(): boolean {
  const touch = window.matchMedia(TOUCH).matches || navigator.maxTouchPoints > 0;
  return window.matchMedia(NARROW).matches && touch;
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}

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
