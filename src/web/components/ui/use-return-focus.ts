import { useRef } from 'react';

/**
 * Radix returns focus to a dialog's own Trigger only. A dialog opened from elsewhere (a header button,
 * a menu item) would drop focus on <body>; this remembers what had focus on open and returns there.
 */
export function useReturnFocus(props: { onOpenAutoFocus?: (event: Event) => void; onCloseAutoFocus?: (event: Event) => void }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      props.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      props.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      opener.current = null;
      // A menu item that opened the dialog is gone by now: then Radix's default (its trigger) applies.
      if (target && target !== document.body && target.isConnected) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
