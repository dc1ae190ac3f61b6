import { useState } from "react";
import { ChevronLeft, ChevronRight, X } from "~/components/ui/icons";
import type { MediaJson } from "../posts/types";

/** What a slide needs: library items, or the signed copies a client's approval page shows. */
export type CarouselItem = Pick<MediaJson, "id" | "fileType" | "url" | "altText" | "originalName">;

/** One attached item at a time with previous/next (arrow keys too) and, when editable, Remove. */
export function MediaCarousel({
  items,
  onRemove,
  frame = "aspect-video",
}: {
  items: CarouselItem[];
  onRemove?: (id: string) => void;
  frame?: string;
}) {
  const [index, setIndex] = useState(0);
  if (items.length === 0) return null;
  const at = Math.min(index, items.length - 1);
  const item = items[at]!;
  const go = (step: number) => setIndex((at + step + items.length) % items.length);
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Attached media"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the carousel takes focus so the arrow keys can turn its slides.
      tabIndex={0}
      onKeyDown={(e) => (e.key === "ArrowLeft" ? go(-1) : e.key === "ArrowRight" ? go(1) : undefined)}
      className="relative overflow-hidden rounded-md bg-black focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <div
        role="group"
        className={`${frame} w-full`}
        aria-roledescription="slide"
        aria-label={`${at + 1} of ${items.length}`}
      >
        {item.fileType === "image" ? (
          <img src={item.url} alt={item.altText || item.originalName} className="h-full w-full object-cover" />
        ) : (
          <video src={item.url} controls className="h-full w-full object-contain" aria-label={item.originalName} />
        )}
      </div>
      {items.length > 1 ? (
        <>
          <button
            type="button"
            aria-label="Previous media"
            onClick={() => go(-1)}
            className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-surface/80 p-1"
          >
            <ChevronLeft className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            aria-label="Next media"
            onClick={() => go(1)}
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-surface/80 p-1"
          >
            <ChevronRight className="size-4" aria-hidden />
          </button>
        </>
      ) : null}
      <span className="absolute bottom-2 left-2 rounded bg-black/60 px-2 text-xs text-white">
        {at + 1} / {items.length}
      </span>
      {onRemove ? (
        <button
          type="button"
          aria-label={`Remove ${item.originalName}`}
          onClick={() => onRemove(item.id)}
          className="absolute top-2 right-2 rounded-full bg-surface/80 p-1"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
