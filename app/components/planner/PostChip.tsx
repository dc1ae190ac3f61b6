import { PlatformMark } from "~/components/platforms/PlatformMark";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { cardFormats, excerpt, statusLabel, statusTone } from "~/components/posts/post-view";
import type { PostJson } from "~/components/posts/types";
import { useDragKit } from "~/components/ui/drag-kit";
import { chipTime } from "./calendar";

/** Enough to fill a wide list or day row; CSS cuts it to the chip's width with an ellipsis. */
const CHIP_CAPTION_MAX = 200;

/** A post on the calendar in its status colour, with its time and networks; scheduled posts can be dragged to another day or hour. */
export function PostChip({ post, timeZone, onOpen }: { post: PostJson; timeZone: string; onOpen: () => void }) {
  const draggable = post.status === "scheduled";
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
      aria-label={`${statusLabel(post.status)} post on ${platforms}${formats.length ? ` (${formats.join(", ")})` : ""}: ${excerpt(post.content, 40)}, ${time}`}
      aria-roledescription={draggable ? "draggable post" : undefined}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={`flex w-full min-w-0 items-center gap-1 rounded border px-1.5 py-0.5 text-left text-xs ${statusTone(post.status)} ${isDragging ? "relative z-20 opacity-80 shadow-lg" : ""} ${draggable ? "cursor-grab" : ""}`}
    >
      <span className="shrink-0 font-medium tabular-nums">{time}</span>
      {post.platforms.map((p) => (
        <PlatformMark key={p} platform={p} className="size-3" />
      ))}
      {formats.length ? (
        <span className="shrink-0 rounded bg-white/60 px-1" aria-hidden>
          {formats.map((f) => f.split(" ").at(-1)).join("·")}
        </span>
      ) : null}
      {/* The width cuts the caption (a month cell's few characters, a list row's many), not a fixed count. */}
      <span className="truncate">{excerpt(post.content, CHIP_CAPTION_MAX) || "(no text)"}</span>
    </button>
  );
}
