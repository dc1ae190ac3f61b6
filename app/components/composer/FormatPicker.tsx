import { useId } from "react";
import type { Platform } from "../../../workers/platform-profile";
import { formatLabel, formatsOf, type PostFormat, shortVerdict } from "../../../workers/posts/public";
import type { MediaJson } from "../posts/types";

/**
 * What a channel publishes (ADR 066): a feed post, a Reel or a Story on Instagram and Facebook; on YouTube a
 * video, and whether YouTube will make it a Short and, if not, why. Nothing shows on a network with feed posts only.
 */
export function FormatPicker({
  platform,
  name,
  format,
  media,
  onFormat,
}: {
  platform: Platform;
  name: string;
  format: PostFormat | undefined;
  media: MediaJson[];
  onFormat: (format: PostFormat | undefined) => void;
}) {
  const id = useId();
  const formats = formatsOf(platform);
  if (formats.length < 2) return null;
  const chosen = format ?? "feed";
  const video = media.find((m) => m.fileType === "video");
  const verdict =
    platform === "youtube" && video
      ? shortVerdict({
          originalName: video.originalName,
          fileType: "video",
          size: video.size,
          width: video.dimensions?.width ?? null,
          height: video.dimensions?.height ?? null,
          duration: video.duration,
        })
      : null;
  return (
    <fieldset className="space-y-2 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Format on {name}</legend>
      <div className="flex flex-wrap gap-3">
        {formats.map((f) => (
          <label key={f} className="flex items-center gap-1.5 text-sm">
            <input
              type="radio"
              name={`${id}-format`}
              value={f}
              checked={chosen === f}
              onChange={() => onFormat(f === "feed" ? undefined : f)}
            />
            {f === "feed" ? (platform === "youtube" ? "Video" : "Post") : formatLabel(platform, f)}
          </label>
        ))}
      </div>
      {chosen === "story" ? (
        <p className="text-xs text-slate-500">A Story shows no caption and lasts 24 hours.</p>
      ) : null}
      {verdict ? (
        <p role="status" className={`text-xs ${verdict.short ? "text-emerald-700" : "text-slate-600"}`}>
          {verdict.short
            ? "YouTube will show this video as a Short."
            : `This video will not be a YouTube Short: ${verdict.reasons.join("; ")}.`}
        </p>
      ) : null}
    </fieldset>
  );
}
