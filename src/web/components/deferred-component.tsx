import { useEffect, useState, type ComponentType } from 'react';
import { errorToast } from './ui/use-toast';

/** Props of a component that is worth loading only once it is opened (a dialog). */
interface Openable {
  open: boolean;
}

/**
 * A component whose code is fetched on demand, without React.lazy: a Suspense fallback's reveal is
 * held back by React for 300 ms, which a dialog's first opening (or the page's first cards) would
 * pay. Here the code loads when `preload()` is called (after the page's first paint) or, at the
 * latest, when the component is first asked to open; until then it renders nothing.
 */
export function deferredComponent<P extends Openable>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (offline, a new deployment) may be retried by the next opening.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  function Deferred(props: P) {
    const [component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    useEffect(() => {
      if (component || !props.open) return;
      let live = true;
      preload().then(
        (next) => {
          if (live) setComponent(() => next);
        },
        () => errorToast('This part of Spindle could not be loaded. Check your connection and try again.'),
      );
      return () => {
        live = false;
      };
    }, [component, props.open]);
    const Component = component;
    return Component ? <Component {...props} /> : null;
  }

  return { Component: Deferred, preload };
}
