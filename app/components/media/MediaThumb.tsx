import { Film } from "lucide-react";
import type { MediaJson } from "../../../workers/media/present";

/** The picture of a library item: the image itself, or a video's first frame. */
export function MediaThumb({ item, className = "" }: { item: MediaJson; className?: string }) {
  if (item.fileType === "video") {
    return (
      <div className={`relative bg-black ${className}`}>
        <video src={item.url} preload="metadata" muted playsInline className="size-full object-cover" aria-hidden />
        <Film className="absolute bottom-1.5 left-1.5 size-4 text-white drop-shadow" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={item.url}
      alt={item.altText || item.displayName}
      loading="lazy"
      className={`bg-slate-100 object-cover ${className}`}
    />
  );
}
