import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server render and while the page hydrates, true once JavaScript runs it: what only works with
 * JavaScript (a combobox, a step that checks before it submits) shows from then on, and the page works without.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
