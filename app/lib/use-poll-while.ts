import { useEffect, useRef } from "react";

/** Calls `poll` every `ms` while `active`, skipping ticks while the tab is hidden; stops when `active` turns false. */
export function usePollWhile(active: boolean, poll: () => void, ms: number) {
  const latest = useRef(poll);
  latest.current = poll;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => document.visibilityState === "visible" && latest.current(), ms);
    return () => clearInterval(timer);
  }, [active, ms]);
}
