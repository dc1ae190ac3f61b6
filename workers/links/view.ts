import type { Platform } from "../platform-profile";
import { excerpt } from "../posts";

interface LinkClicks {
  postId: string;
  postText: string | null;
  platform: Platform;
  clicks: number;
}

/** A link-in-bio item's clicks (ADR 077): `link-<id>` of the page's links or `post-<target>` of its grid. */
export interface BioItemClicks {
  item: string;
  clicks: number;
  /** The post of a grid item (null for a page link, or a post deleted since). */
  postId: string | null;
  postText: string | null;
}

/** What a bio item is called in a report: the link's label, the post's excerpt, or what it was. */
function bioLabel(row: BioItemClicks, labels: Map<string, string>): string {
  if (row.item.startsWith("link-")) return labels.get(row.item.slice(5)) ?? "(a link since removed)";
  return row.postText === null ? "(a post since deleted)" : excerpt(row.postText) || "(no text)";
}

/**
 * Clicks in total, per channel and per post (most clicked first): what Analytics and Settings → Links show.
 * Short links are counted per channel; the link-in-bio page is its own source, and a grid post's clicks there
 * add to that post's (ADR 087).
 */
export function clickSummary(links: LinkClicks[], bio: BioItemClicks[] = [], bioLabels = new Map<string, string>()) {
  const channels = new Map<Platform, number>();
  const posts = new Map<string, number>();
  const texts = new Map<string, string>();
  const addPost = (postId: string, text: string | null, clicks: number) => {
    posts.set(postId, (posts.get(postId) ?? 0) + clicks);
    if (!texts.has(postId)) texts.set(postId, excerpt(text ?? ""));
  };
  for (const l of links) {
    channels.set(l.platform, (channels.get(l.platform) ?? 0) + l.clicks);
    addPost(l.postId, l.postText, l.clicks);
  }
  for (const b of bio) if (b.postId) addPost(b.postId, b.postText, b.clicks);
  const sorted = <K>(m: Map<K, number>) => [...m].sort((a, b) => b[1] - a[1]);
  const sum = (rows: Array<{ clicks: number }>) => rows.reduce((total, r) => total + r.clicks, 0);
  return {
    total: sum(links) + sum(bio),
    byChannel: sorted(channels).map(([platform, clicks]) => ({ platform, clicks })),
    byPost: sorted(posts).map(([postId, clicks]) => ({ postId, excerpt: texts.get(postId) ?? "", clicks })),
    bio: {
      total: sum(bio),
      items: [...bio]
        .sort((a, b) => b.clicks - a.clicks || a.item.localeCompare(b.item))
        .map((b) => ({ item: b.item, label: bioLabel(b, bioLabels), postId: b.postId, clicks: b.clicks })),
    },
  };
}
