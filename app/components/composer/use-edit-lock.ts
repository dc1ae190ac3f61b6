import { useCallback, useEffect, useState } from "react";
import { api } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { usePollWhile } from "~/lib/use-poll-while";
import { editLock } from "../../../workers/delivery/public";
import type { Platform } from "../../../workers/platform-profile";
import type { PostJson } from "../posts/types";
import { lockNotice } from "./lock-notice";

/** How often the editor re-reads the post's channels: the lock comes from the cron, not from this browser. */
const REFRESH_MS = 15_000;

/** The edited post's lock, read when the editor opens and kept current while it stays open (null for a new post). */
export function useEditLock(post: PostJson | undefined, timeZone: string) {
  const [channels, setChannels] = useState(post?.platformPosts ?? []);
  const [now, setNow] = useState(() => Date.now());
  const id = post?.id;
  const refresh = useCallback(async () => {
    if (!id) return;
    const res = await api<PostJson>(`/api/posts/${id}`);
    setNow(Date.now());
    if (res.ok) setChannels(res.data.platformPosts);
  }, [id]);
  useEffect(() => void refresh(), [refresh]);
  usePollWhile(Boolean(id), refresh, REFRESH_MS);
  if (!post) return null;
  const lock = editLock(
    channels.map((t) => ({
      platform: t.platform as Platform,
      status: t.status,
      dueAt: t.dueAt ? Date.parse(t.dueAt) : null,
    })),
    now,
  );
  const live = channels.filter((t) => t.status === "published" || t.status === "unconfirmed");
  return lockNotice(
    lock,
    live.map((t) => t.platform as Platform),
    (ms) => formatDateTime(new Date(ms).toISOString(), timeZone),
  );
}
