import { PlatformMark } from "~/components/platforms/PlatformMark";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { cardFormats, excerpt, statusLabel, statusTone } from "~/components/posts/post-view";
import type { PostJson } from "~/components/posts/types";
import { useDragKit } from "~/components/ui/drag-kit";
import { useMay } from "~/lib/may";
import { chipTime } from "./calendar";

/** Enough to fill a wide list or day row; CSS cuts it to the chip's width with an ellipsis. */
const CHIP_CAPTION_MAX = 200;

/** A post on the calendar in its status colour, with its time and networks; scheduled posts can be dragged to another day or hour. */
export function PostChip({ post, timeZone, onOpen }: { post: PostJson; timeZone: string; onOpen: () => void }) {
  // Moving it is an edit: its author's, or anyone's with posts.manage (a viewer's chip only opens the post).
  const { mayChangePost } = useMay();
  const draggable = post.status === "scheduled" && mayChangePost(post);
  const { useDraggable } = useDragKit();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: post.id,
    disabled: !draggable,
    data: { label: `post "${excerpt(post.content, 40) || "(no text)"}"` },
  });
  const platforms = post.platforms.map((p) => PLATFORM_META[p]?.name ?? p).join(", ");
  const time = chipTime(post, timeZone);
  const formats = cardFormats(post);
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...(draggable ? { ...attributes, ...listeners } : {})}
      onClick={onOpen}
      aria-roledescription={draggable ? "draggable post" : undefined}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={`flex w-full min-w-0 items-center gap-1 rounded border px-1.5 py-0.5 text-left text-xs ${statusTone(post.status)} ${isDragging ? "relative z-20 opacity-80 shadow-lg" : ""} ${draggable ? "cursor-grab" : ""}`}
    >
      {/* The name is what the chip shows, with the status and channels before it, in reading order: time first on
          screen (`order-first`) and last when read, the excerpt last on screen; speech and sight agree (WCAG 2.5.3). */}
      <span className="sr-only">
        {statusLabel(post.status)} post on {platforms}
        {formats.length ? " " : ": "}
      </span>
      {formats.length ? (
        <span className="shrink-0 rounded bg-surface/60 px-1">
          {formats.map((f) => f.split(" ").at(-1)).join("·")}
          <span className="sr-only">: </span>
        </span>
      ) : null}
      {/* The width cuts the caption (a month cell's few characters, a list row's many), not a fixed count. */}
      <span className="order-last min-w-0 flex-1 truncate">
        {excerpt(post.content, CHIP_CAPTION_MAX) || "(no text)"}
      </span>
      <span className="order-first shrink-0 font-medium tabular-nums">
        <span className="sr-only">, </span>
        {time}
      </span>
      {/* Many networks clip at the chip's edge rather than push it wider than its day. */}
      <span className="flex min-w-0 shrink items-center gap-1 overflow-hidden">
        {post.platforms.map((p) => (
          <PlatformMark key={p} platform={p} className="size-3" />
        ))}
      </span>
    </button>
  );
}
