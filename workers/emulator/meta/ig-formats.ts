import type { EmuContext } from "../context";
import { postMetrics } from "../metrics";
import type { EmuObject } from "../objects";
import { download, videoFacts } from "../web";
import { GraphError, videoProcessingMs } from "./graph-core";

/**
 * Instagram Reels and Stories (content-publishing guide, media reference): what a REELS or STORIES container's
 * video must be, the 24 hours a Story lives, and the metrics each product type reports. Limits from Meta's
 * published specifications: a Reel runs 3 s to 15 min; a Story video 3 to 60 s and at most 100 MB.
 */
const DAY = 86_400_000;
const REEL_SECONDS = [3, 900] as const;
const STORY_SECONDS = [3, 60] as const;
const STORY_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const STORY_TTL_MS = DAY;

/** Metrics only one product type has (media insights reference); asking another type for them is an error. */
const REEL_ONLY = ["ig_reels_avg_watch_time", "ig_reels_video_view_total_time"];
const STORY_ONLY = ["replies", "navigation"];
/** What a Story does not have (media insights reference: likes, comments and saves are feed and reel metrics). */
const NOT_ON_STORIES = ["likes", "comments", "saved"];
export const FORMAT_METRICS = [...REEL_ONLY, ...STORY_ONLY];

/** A container's ERROR text, as its `status` field carries it. */
const processingError = (what: string) => `Error: ${what}`;

/**
 * Fetches a REELS, STORIES or carousel video and judges it as the container processes: the download, the
 * type, then (for Reels and Stories) its length, size and the thumbnail offset. A failure is the container's
 * ERROR status, except a thumbnail offset past the end, which Meta refuses at once (2207057).
 */
export async function judgeVideo(
  c: EmuContext,
  raw: string,
  type: string,
  p: Record<string, string>,
): Promise<{ error: string | null; ms: number }> {
  const got = await download(c, raw, "video");
  if (!got.ok)
    return {
      error: "Error: Media download has failed. The media URI doesn't meet our requirements. (2207052)",
      ms: 0,
    };
  if (got.type !== "video/mp4" && got.type !== "video/quicktime")
    return { error: "Error: The video format is not supported. Use MOV or MP4. (2207026)", ms: 0 };
  const ms = videoProcessingMs(got.size);
  if (type !== "REELS" && type !== "STORIES") return { error: null, ms };
  if (type === "STORIES" && got.size > STORY_VIDEO_MAX_BYTES)
    return { error: processingError("The video is too large for a story: the maximum is 100 MB."), ms };
  // A file whose container cannot be read is left to the type check above, as before formats were judged.
  const facts = await videoFacts(c, raw, got.size);
  if (!facts) return { error: null, ms };
  const [min, max] = type === "REELS" ? REEL_SECONDS : STORY_SECONDS;
  const name = type === "REELS" ? "reel" : "story";
  if (facts.durationSec < min || facts.durationSec > max)
    return {
      error: processingError(
        `The video is ${Math.round(facts.durationSec * 10) / 10} seconds long: a ${name} must be ${min} to ${max} seconds.`,
      ),
      ms,
    };
  if (p.thumb_offset !== undefined) {
    const offset = Number(p.thumb_offset);
    if (!Number.isFinite(offset) || offset < 0 || offset >= facts.durationSec * 1000)
      throw new GraphError(
        400,
        "Invalid parameter",
        1,
        2207057,
        "Thumbnail offset invalid",
        `Thumbnail offset must be greater than or equal to 0 and less than video duration, i.e. ${Math.round(facts.durationSec * 1000)}`,
      );
  }
  return { error: null, ms };
}

/** True once a Story's 24 hours have passed: it leaves the account's stories and reports nothing more. */
export const storyExpired = (media: EmuObject, now: number) =>
  media.data.productType === "STORY" && now - media.createdAt >= STORY_TTL_MS;

/**
 * The metrics of one product type: a Story's reach, replies and navigation (taps forward, back and exits), a
 * Reel's watch times; a metric of another product type is refused as Graph does.
 */
export function formatMetricValues(media: EmuObject, now: number, metrics: string[]): Record<string, number> {
  const product = String(media.data.productType);
  for (const name of metrics) {
    const wrong =
      (REEL_ONLY.includes(name) && product !== "REELS") ||
      (STORY_ONLY.includes(name) && product !== "STORY") ||
      (NOT_ON_STORIES.includes(name) && product === "STORY");
    if (wrong)
      throw new GraphError(
        400,
        `(#100) The Media Insights API does not support the ${name} metric for this media product type.`,
        100,
      );
  }
  const m = postMetrics(media.id, media.createdAt, now);
  return {
    replies: Math.floor(m.comments / 2),
    navigation: Math.floor(m.reach * 0.6),
    ig_reels_avg_watch_time: 4_000 + (m.views % 9_000),
    ig_reels_video_view_total_time: m.views * 6_500,
  };
}

/** GET /{ig-user-id}/stories: the Stories of the last 24 hours, newest first (stories reference). */
export function storiesJson(rows: EmuObject[], now: number, json: (row: EmuObject) => Record<string, unknown>) {
  return rows.filter((r) => r.data.productType === "STORY" && !storyExpired(r, now)).map(json);
}
