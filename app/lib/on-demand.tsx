import { useEffect, useState } from "react";

/**
 * A module's loader run at most once at a time and kept once it succeeds: `loaded()` is its value, null before
 * (a failed fetch, offline or after a new deploy, may be retried on the next use).
 */
export function loadOnce<T>(load: () => Promise<T>) {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (v) => (value = v),
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  return { preload, loaded: () => value };
}

/**
 * A component whose code loads only when it is first needed (a dialog when it first opens, a menu when
 * it is first used), so it stays out of the page's first-load JavaScript. `preload` fetches it early
 * (on hover or focus of what opens it); the loaded module is kept, so later mounts render at once.
 */
export function onDemand<P extends object>(load: () => Promise<React.ComponentType<P>>) {
  const { preload, loaded } = loadOnce(load);

  /** The component once `wanted` has been true and its code has arrived (at once if it already had); null before. */
  function useOnDemand(wanted: boolean): React.ComponentType<P> | null {
    const [component, setComponent] = useState<React.ComponentType<P> | null>(() => loaded());
    const [ever, setEver] = useState(wanted);
    if (wanted && !ever) setEver(true);
    useEffect(() => {
      if (!ever || component) return;
      let live = true;
      preload().then(
        (c) => live && setComponent(() => c),
        (err: unknown) => console.error("loading a component failed", err),
      );
      return () => {
        live = false;
      };
    }, [ever, component]);
    return component;
  }

  return { preload, useOnDemand };
}
