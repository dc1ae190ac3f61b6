import { useEffect, useState } from "react";
import { api } from "~/lib/api";
import { notify } from "~/lib/notify";
import type { PostJson } from "./types";

/** GET /api/posts with a query string; a new `version` fetches again (after a save or delete). */
export function usePosts(query: string, version: number, failure = "Failed to load posts") {
  const [posts, setPosts] = useState<PostJson[] | null>(null);
  useEffect(() => {
    let live = true;
    void api<{ posts: PostJson[] }>(`/api/posts?${query}`).then((res) => {
      if (!live) return;
      if (res.ok) setPosts(res.data.posts);
      else (setPosts([]), notify.error(res.message || failure));
    });
    return () => {
      live = false;
    };
  }, [query, version, failure]);
  return posts;
}
