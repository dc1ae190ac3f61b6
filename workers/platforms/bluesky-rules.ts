import { PLATFORM_PROFILES } from "../platform-profile";
import { graphemeCount, utf8Length } from "./bluesky-facets";
import { PlatformError, type PublishMedia } from "./types";

/** What a Bluesky post may carry (app.bsky.feed.post and its embeds), checked before anything is uploaded. */

const PROFILE = PLATFORM_PROFILES.bluesky;
/** app.bsky.feed.post text: maxLength 3,000 bytes (validation counts it through posts/caption-length.ts). */
const MAX_TEXT_BYTES = PROFILE.maxTextBytes ?? 3000;

export const refuse = (message: string) => new PlatformError("permanent", message, { platform: "bluesky" });

/** The text rules of app.bsky.feed.post. */
export function checkText(text: string): void {
  const count = graphemeCount(text);
  if (count > PROFILE.characterLimit)
    throw refuse(`A Bluesky post takes up to ${PROFILE.characterLimit} characters; this one has ${count}.`);
  if (utf8Length(text) > MAX_TEXT_BYTES) throw refuse(`A Bluesky post takes up to ${MAX_TEXT_BYTES} bytes of text.`);
}

const megabytes = (n: number) => `${Math.round(n / 1_000_000)} MB`;

/** Up to 4 images (app.bsky.embed.images), or one video on its own (app.bsky.embed.video, the video service). */
export function checkMedia(media: PublishMedia[]): void {
  const rules = PROFILE.media;
  const videos = media.filter((m) => m.kind === "video");
  if (videos.length > 0 && media.length > 1)
    throw refuse("A Bluesky post takes one video on its own, without images or a second video.");
  const video = videos[0];
  if (video) {
    if (video.size > rules.maxVideoBytes)
      throw refuse(
        `Bluesky takes videos up to ${megabytes(rules.maxVideoBytes)}; this one is ${megabytes(video.size)}.`,
      );
    const max = rules.maxVideoSeconds ?? Number.POSITIVE_INFINITY;
    if (video.durationSec && video.durationSec > max)
      throw refuse(`Bluesky takes videos up to ${max / 60} minutes; this one is ${Math.round(video.durationSec)} s.`);
    return;
  }
  if (media.length > rules.maxItems) throw refuse(`A Bluesky post takes up to ${rules.maxItems} images.`);
  const big = media.find((m) => m.size > rules.maxImageBytes);
  if (big) throw refuse(`Bluesky takes images up to ${rules.maxImageBytes.toLocaleString("en")} bytes.`);
}
