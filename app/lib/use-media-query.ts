import { useSyncExternalStore } from "react";

/** True while the media query matches; false during the server render. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** SPEC §9: mobile is a width of 768 px or less. */
export const MOBILE_QUERY = "(max-width: 768px)";
