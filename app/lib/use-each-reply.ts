import { useEffect, useRef } from "react";

/**
 * Calls `handle` once for each new fetcher reply (`fetcher.data`). react-router reads a fetcher's data from a
 * mutable map during render, and a render React then bails out of (a state set to what it already was) keeps the
 * new reply as an effect's last dependency without running the effect: `useEffect(…, [fetcher.data])` missed a
 * queue move's reply about one run in eight under load (bench/RESULTS.md, session 30). So this looks on every
 * commit and remembers the reply it handled.
 */
export function useEachReply<T>(reply: T | null | undefined, handle: (reply: T) => void) {
  const handled = useRef<T | null | undefined>(undefined);
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    // A fetcher reset to idle holds null: nothing to handle.
    if (reply == null || handled.current === reply) return;
    handled.current = reply;
    latest.current(reply);
  });
}
