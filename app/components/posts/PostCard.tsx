import { MediaThumb } from "~/components/media/MediaThumb";
import { Pencil, Trash2 } from "~/components/ui/icons";
import { cardDate, cardFormats, cardHashtags, channelStatuses, excerpt } from "./post-view";
import { PlatformDot, StatusBadge } from "./StatusBadge";
import type { PostJson } from "./types";

/** SPEC §2 Post card: date, platforms, up to 4 media, 80 characters, 3 hashtags, channel statuses; hover Edit and Delete. */
export function PostCard({
  post,
  timeZone,
  onOpen,
  onEdit,
  onDelete,
}: {
  post: PostJson;
  timeZone: string;
  onOpen: () => void;
  /** Absent when the member may not change this post (ADR 127): the card then offers neither. */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const text = excerpt(post.content);
  return (
    <article
      aria-label={text || "Post"}
      className="group relative flex flex-col gap-2 rounded-lg border border-slate-200 bg-surface p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <time className="text-xs text-slate-500">{cardDate(post, timeZone)}</time>
        <span className="flex gap-1">
          {post.platforms.map((p) => (
            <PlatformDot key={p} platform={p} />
          ))}
        </span>
      </div>
      {post.media.length ? (
        <div className="grid grid-cols-4 gap-1">
          {post.media.slice(0, 4).map((m) => (
            <MediaThumb key={m.id} item={m} className="aspect-square w-full rounded" />
          ))}
        </div>
      ) : null}
      <button
        type="button"
        onClick={onOpen}
        className="text-left text-sm [overflow-wrap:anywhere] text-slate-800 after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {text || <span className="text-slate-500">(no text)</span>}
      </button>
      {cardHashtags(post).length ? (
        <p className="text-xs text-brand-700">
          {cardHashtags(post)
            .map((h) => `#${h}`)
            .join(" ")}
        </p>
      ) : null}
      {cardFormats(post).length ? (
        <p className="flex flex-wrap gap-1">
          {cardFormats(post).map((f) => (
            <span key={f} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
              {f}
            </span>
          ))}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-1">
        {channelStatuses(post).map((s, i) => (
          <StatusBadge key={i} status={s.status} platform={s.platform} label={s.label} />
        ))}
      </div>
      {onEdit && (
        <div className="absolute top-2 right-2 z-10 flex gap-1 opacity-0 transition group-focus-within:opacity-100 group-hover:opacity-100">
          <button
            type="button"
            aria-label="Edit post"
            onClick={onEdit}
            className="rounded bg-surface p-1.5 shadow hover:bg-slate-100"
          >
            <Pencil className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            aria-label="Delete post"
            onClick={onDelete}
            className="rounded bg-surface p-1.5 text-red-600 shadow hover:bg-red-50"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      )}
    </article>
  );
}
