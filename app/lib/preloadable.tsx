import { lazy, Suspense } from "react";
import { loadOnce } from "./on-demand";

/**
 * A component in a chunk of its own, in its own Suspense boundary without a fallback, whose code can be fetched
 * ahead (`preload`, e.g. on hover of what opens it). Once fetched it renders without suspending (React's lazy
 * settles at once when its loader's `then` calls back synchronously), so the server renders it in one pass
 * after awaiting `preload` (a streamed boundary would need JavaScript to show), and the browser shows a
 * preloaded one without a gap. During hydration the boundary keeps the server's HTML until the code arrives.
 */
export function preloadable<P extends object>(load: () => Promise<React.ComponentType<P>>) {
  const { preload, loaded: current } = loadOnce(load);
  type Module = { default: React.ComponentType<P> };
  const Lazy = lazy<React.ComponentType<P>>(() => {
    const loaded = current();
    if (!loaded) return preload().then((component) => ({ default: component }));
    const module: Module = { default: loaded };
    // biome-ignore lint/suspicious/noThenProperty: a thenable that settles synchronously is what keeps lazy from suspending
    return { then: (resolve: (m: Module) => void) => resolve(module) } as unknown as Promise<Module>;
  });
  function Preloadable(props: P) {
    return (
      <Suspense>
        <Lazy {...(props as P & React.JSX.IntrinsicAttributes)} />
      </Suspense>
    );
  }
  return Object.assign(Preloadable, { preload });
}
