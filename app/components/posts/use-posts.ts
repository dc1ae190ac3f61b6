import { useEffect, useState } from "react";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import { usePollWhile } from "~/lib/use-poll-while";
import { nextWatchStart, POLL_MS, postInFlight } from "./live";
import type { PostJson } from "./types";

/**
 * GET /api/posts with a query string; a new `version` fetches again (after a save or delete). While a post
 * in the list is about to publish or publishing, it asks again every few seconds so the status goes live.
 */
export function usePosts(query: string, version: number, failure = "Failed to load posts") {
  const [posts, setPosts] = useState<PostJson[] | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    void api<{ posts: PostJson[] }>(`/api/posts?${query}`).then((res) => {
      if (!live) return;
      if (res.ok) setPosts(res.data.posts);
      else {
        setPosts([]);
        notify.error(res.message || failure);
      }
    });
    return () => {
      live = false;
    };
  }, [query, version, tick, failure]);
  const now = Date.now();
  const watching = posts?.some((p) => postInFlight(p, now)) ?? false;
  usePollWhile(watching, () => setTick((t) => t + 1), POLL_MS);
  // A post scheduled further ahead starts being watched when it comes near (checked at least hourly).
  const wakeAt = watching || !posts ? null : nextWatchStart(posts, now);
  useEffect(() => {
    if (wakeAt === null) return;
    const timer = setTimeout(() => setTick((t) => t + 1), Math.min(wakeAt - Date.now(), 3_600_000));
    return () => clearTimeout(timer);
  }, [wakeAt]);
  return posts;
}
