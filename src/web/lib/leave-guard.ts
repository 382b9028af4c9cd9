import { useEffect, useRef, useState } from 'react';

/**
 * Asking before typed work is lost (docs/product/albums.md#form). One form at a time holds the guard: in-app
 * navigation goes through navigateAway(), which asks when the form is dirty; the browser's Back is
 * caught by a second history entry with the same address, pushed once the form is dirty (popstate
 * cannot be cancelled, so pressing Back only leaves that entry, and the form asks); reload and close
 * get the browser's own beforeunload prompt.
 */
interface Guard {
  isDirty: () => boolean;
  ask: (proceed: () => void) => void;
  /** True while our extra entry is on top of the history. */
  entryPushed: boolean;
}

let guard: Guard | null = null;

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * Goes to `to` in the app, first asking the guarding form when it holds unsaved work (`force` skips
 * that, after a save). Our extra history entry is replaced, so Back from `to` returns to the form once.
 */
export function navigateAway(navigate: Navigate, to: string, { force = false }: { force?: boolean } = {}): void {
  const go = () => {
    const replace = guard?.entryPushed ?? false;
    if (guard) guard.entryPushed = false;
    navigate(to, replace ? { replace } : undefined);
  };
  if (!force && guard?.isDirty()) guard.ask(go);
  else go();
}

const GUARD_STATE = 'spindleLeaveGuard';

function pushGuardEntry(current: Guard) {
  const state: unknown = window.history.state;
  window.history.pushState({ ...(typeof state === 'object' ? state : null), [GUARD_STATE]: true }, '', window.location.href);
  current.entryPushed = true;
}

/**
 * Registers the form's guard while it is mounted. Returns the pending confirmation: render a
 * dialog while `asking`, then call `leave()` or `stay()`.
 */
export function useLeaveGuard(dirty: boolean) {
  const [proceed, setProceed] = useState<(() => void) | null>(null);
  const ref = useRef<Guard>({ isDirty: () => false, ask: () => undefined, entryPushed: false });

  useEffect(() => {
    ref.current.isDirty = () => dirty;
    ref.current.ask = (next) => setProceed(() => next);
  });

  useEffect(() => {
    const current = ref.current;
    guard = current;
    const onPopState = () => {
      if (!current.entryPushed) return;
      // Back left our extra entry: the address is still the form's.
      current.entryPushed = false;
      if (current.isDirty()) current.ask(() => window.history.back());
      else window.history.back();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      if (guard === current) guard = null;
    };
  }, []);

  useEffect(() => {
    if (!dirty) return;
    if (!ref.current.entryPushed) pushGuardEntry(ref.current);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return {
    asking: proceed !== null,
    leave: () => {
      setProceed(null);
      proceed?.();
    },
    stay: () => {
      setProceed(null);
      // Back was pressed and the user stays: put the catching entry back.
      if (!ref.current.entryPushed && ref.current.isDirty()) pushGuardEntry(ref.current);
    },
  };
}
