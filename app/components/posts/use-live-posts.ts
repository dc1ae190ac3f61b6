import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { usePollWhile } from "~/lib/use-poll-while";
import { nextWatchStart, POLL_MS, postInFlight } from "./live";
import type { PostJson } from "./types";

/**
 * While a post the page's loader read is about to publish or publishing, the loader reads again every few
 * seconds so its status goes live; a post scheduled further ahead starts being watched when it comes near
 * (checked at least hourly).
 */
export function useLivePosts(posts: PostJson[]) {
  const { revalidate } = useRevalidator();
  const now = Date.now();
  const watching = posts.some((p) => postInFlight(p, now));
  usePollWhile(watching, () => void revalidate(), POLL_MS);
  const wakeAt = watching ? null : nextWatchStart(posts, now);
  useEffect(() => {
    if (wakeAt === null) return;
    const timer = setTimeout(() => void revalidate(), Math.min(wakeAt - Date.now(), 3_600_000));
    return () => clearTimeout(timer);
  }, [wakeAt, revalidate]);
}
