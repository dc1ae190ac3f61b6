import { Film, ImageOff } from "~/components/ui/icons";
import type { MediaJson } from "../../../workers/media/index";

/**
 * The picture of a library item in grids and lists: the thumbnail made at upload, never the original (issue 42);
 * a video uploaded before thumbnails shows its first frame, a deleted file without one an icon.
 */
export function MediaThumb({
  item,
  className = "",
}: {
  item: Pick<MediaJson, "url" | "thumbnailUrl" | "fileType" | "altText" | "displayName">;
  className?: string;
}) {
  const video = item.fileType === "video";
  if (item.thumbnailUrl) {
    const img = (
      <img
        src={item.thumbnailUrl}
        alt={item.altText || item.displayName}
        loading="lazy"
        className={`bg-slate-100 object-cover ${video ? "size-full" : className}`}
      />
    );
    if (!video) return img;
    return (
      <div className={`relative bg-slate-900 ${className}`}>
        {img}
        <Film className="absolute bottom-1.5 left-1.5 size-4 text-white drop-shadow" aria-hidden />
      </div>
    );
  }
  if (video)
    return (
      <div className={`relative bg-black ${className}`}>
        <video src={item.url} preload="metadata" muted playsInline className="size-full object-cover" aria-hidden />
        <Film className="absolute bottom-1.5 left-1.5 size-4 text-white drop-shadow" aria-hidden />
      </div>
    );
  return (
    <div
      role="img"
      aria-label={`${item.altText || item.displayName} (deleted)`}
      className={`flex items-center justify-center bg-slate-100 text-slate-400 ${className}`}
    >
      <ImageOff className="size-5" aria-hidden />
    </div>
  );
}
