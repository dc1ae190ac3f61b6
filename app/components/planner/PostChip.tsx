import { useDraggable } from "@dnd-kit/core";
import { PLATFORM_META } from "~/components/platforms/platform-options";
import { excerpt, statusLabel, statusTone } from "~/components/posts/post-view";
import type { PostJson } from "~/components/posts/types";

/** A post on the calendar in its status colour; scheduled posts can be dragged to another day or hour. */
export function PostChip({ post, onOpen }: { post: PostJson; onOpen: () => void }) {
  const draggable = post.status === "scheduled";
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: post.id, disabled: !draggable });
  const platforms = post.platforms.map((p) => PLATFORM_META[p]?.name ?? p).join(", ");
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...(draggable ? { ...attributes, ...listeners } : {})}
      onClick={onOpen}
      aria-label={`${statusLabel(post.status)} post on ${platforms}: ${excerpt(post.content, 40)}`}
      aria-roledescription={draggable ? "draggable post" : undefined}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={`block w-full truncate rounded border px-1.5 py-0.5 text-left text-xs ${statusTone(post.status)} ${isDragging ? "relative z-20 opacity-80 shadow-lg" : ""} ${draggable ? "cursor-grab" : ""}`}
    >
      {excerpt(post.content, 30) || "(no text)"}
    </button>
  );
}
