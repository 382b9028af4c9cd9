import { useCallback, type MouseEvent } from 'react';
import { useLocation } from 'wouter';

/**
 * One click handler for a long list of plain `<a href>` links to the app's own pages (the home's
 * album cards): a plain click or Enter opens the page in the app, as wouter's Link does, without a
 * Link's router subscription and handler in every item. A click with a modifier key, another button,
 * a target or another origin is left to the browser (a new tab, a download).
 */
export function useInAppLinkClicks() {
  const [, navigate] = useLocation();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link || !event.currentTarget.contains(link) || link.target || link.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(`${link.pathname}${link.search}${link.hash}`);
    },
    [navigate],
  );
}
