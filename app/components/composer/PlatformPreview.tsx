import { useState } from "react";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { accountName } from "~/lib/account-name";
import type { Platform, PostFormat } from "../../../workers/platform-profile";
import { captionOf } from "../../../workers/posts/public";
import type { AccountView } from "../posts/types";
import { type CarouselItem, MediaCarousel } from "./MediaCarousel";
import { feedCaption, MEDIA_FRAME } from "./preview";

/**
 * How the post looks on one network: handle, caption cut at the network's "more", media in its frame, then the
 * thread's further parts and the first comment as the network shows them under the post.
 */
export function PlatformPreview({
  platform,
  account,
  content,
  hashtags,
  media,
  title,
  format,
  thread = [],
  firstComment = null,
  contentWarning,
}: {
  platform: Platform;
  account?: Pick<AccountView, "platform" | "username" | "displayName">;
  content: string;
  hashtags: string[];
  media: CarouselItem[];
  title: string;
  /** A Reel, a Story or a Short is framed 9:16; a Story shows no caption (ADR 066). */
  format?: PostFormat;
  /** The thread's parts after the first (X, Threads, Bluesky, Mastodon). */
  thread?: string[];
  firstComment?: string | null;
  /** Mastodon: the warning shown in place of the post until "Show more", as the instance shows it to everyone. */
  contentWarning?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const hidden = Boolean(contentWarning) && !revealed;
  const name = PLATFORM_META[platform]?.name;
  const caption = feedCaption(captionOf(content, hashtags), platform);
  const shownMedia = platform === "youtube" ? media.filter((m) => m.fileType === "video").slice(0, 1) : media;
  return (
    <article aria-label={`${name} preview`} className="rounded-lg border border-slate-200 bg-surface p-3">
      <header className="mb-2 flex items-center gap-2 text-sm">
        <span
          className="flex size-8 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold"
          aria-hidden
        >
          {(account?.displayName ?? "?").slice(0, 1)}
        </span>
        <span className="font-semibold">{account?.displayName ?? PLATFORM_META[platform]?.name}</span>
        {account && accountName(account) !== account.displayName ? (
          <span className="text-slate-500">{accountName(account)}</span>
        ) : null}
        <span className="ml-auto text-xs text-slate-500">{PLATFORM_META[platform]?.name}</span>
      </header>
      {platform === "youtube" && title ? <h3 className="mb-1 font-semibold">{title}</h3> : null}
      {contentWarning ? (
        <p className="mb-2 flex items-center gap-2 text-sm">
          <span className="font-medium">{contentWarning}</span>
          <button
            type="button"
            className="ml-auto rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 hover:bg-slate-200"
            aria-expanded={revealed}
            onClick={() => setRevealed(!revealed)}
          >
            {revealed ? "Show less" : "Show more"}
          </button>
        </p>
      ) : null}
      {hidden ? null : (
        <>
          <MediaCarousel
            key={platform}
            items={shownMedia}
            frame={format && format !== "feed" ? "mx-auto aspect-[9/16] max-h-96" : MEDIA_FRAME[platform]}
          />
          <p className={`mt-2 text-sm whitespace-pre-wrap${format === "story" ? " hidden" : ""}`}>
            {expanded ? captionOf(content, hashtags) : caption.shown}
            {caption.truncated && !expanded ? (
              <>
                {"… "}
                <button type="button" className="text-slate-500 hover:underline" onClick={() => setExpanded(true)}>
                  more
                </button>
              </>
            ) : null}
          </p>
          {thread.length ? (
            <ol
              aria-label={`${name} thread preview`}
              className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3 text-sm"
            >
              {thread.map((part, i) => (
                <li key={i} className="whitespace-pre-wrap">
                  {part}
                </li>
              ))}
            </ol>
          ) : null}
          {firstComment ? (
            <section aria-label={`${name} first comment`} className="mt-2 rounded-md bg-slate-50 p-2 text-sm">
              <span className="block text-xs font-semibold text-slate-500">First comment</span>
              <span className="whitespace-pre-wrap">{firstComment}</span>
            </section>
          ) : null}
        </>
      )}
    </article>
  );
}
