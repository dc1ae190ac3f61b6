import { formatTime } from "~/lib/format";
import type { PostJson, TargetJson } from "./types";

/** What only the post detail dialog shows and sends, apart from post-view.ts so the pages of cards do not load it. */

/** "Retrying at 2:05 PM (attempt 2 of 5): <platform's reason>", the time in the user's zone as the dialog's dates. */
export function retryText(retry: NonNullable<TargetJson["retry"]>, timeZone: string): string {
  const at = formatTime(retry.at, timeZone);
  return `Retrying at ${at} (attempt ${retry.attempt} of ${retry.of})${retry.reason ? `: ${retry.reason}` : ""}`;
}

/** The body of Repost Now (SPEC §4): the old post's content, platforms, non-empty accounts, media, tags, category. */
export function repostBody(post: PostJson) {
  const selectedAccounts = Object.fromEntries(Object.entries(post.selectedAccounts).filter(([, ids]) => ids?.length));
  return {
    content: post.content,
    platforms: post.platforms,
    selectedAccounts,
    media: post.media.map((m) => m.id),
    hashtags: post.hashtags,
    mentions: post.mentions,
    metadata: { category: post.metadata.category, source: post.metadata.source },
    title: post.title,
    youtubeVideo: post.youtubeVideo?.id ?? null,
    publishNow: true,
  };
}
