import type { Platform } from "../platform-profile";
import { excerpt } from "../posts";

interface LinkClicks {
  postId: string;
  postText: string | null;
  platform: Platform;
  clicks: number;
}

/** Clicks in total, per channel and per post (most clicked first): what Analytics and Settings → Links show. */
export function clickSummary(links: LinkClicks[]) {
  const channels = new Map<Platform, number>();
  const posts = new Map<string, number>();
  const texts = new Map<string, string>();
  for (const l of links) {
    channels.set(l.platform, (channels.get(l.platform) ?? 0) + l.clicks);
    posts.set(l.postId, (posts.get(l.postId) ?? 0) + l.clicks);
    texts.set(l.postId, excerpt(l.postText ?? ""));
  }
  const sorted = <K>(m: Map<K, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    total: links.reduce((sum, l) => sum + l.clicks, 0),
    byChannel: sorted(channels).map(([platform, clicks]) => ({ platform, clicks })),
    byPost: sorted(posts).map(([postId, clicks]) => ({ postId, excerpt: texts.get(postId) ?? "", clicks })),
  };
}
