import { PLATFORM_NAMES, type Platform } from "../../platform-profile";
import { CHARACTER_LIMITS, characterCount, HASHTAG_LIMITS, POSTING_TIMES, trimToLimit } from "../limits";
import type { Optimization } from "../provider";
import { hashtagsIn, sentencesIn } from "../text";
import { suggestHashtags } from "./hashtags";

const CTA: Record<Platform, string> = {
  instagram: "Double-tap if you agree and share your thoughts below 👇",
  facebook: "What do you think? Let us know in the comments.",
  twitter: "Thoughts? Reply below.",
  linkedin: "What's your take? I'd love to hear your perspective in the comments.",
  youtube: "Like, subscribe and tell us in the comments what you'd like to see next.",
  threads: "What do you think?",
  bluesky: "What do you think? Reply below.",
  mastodon: "What do you think? Replies welcome.",
  tiktok: "Follow for more and tell us in the comments!",
  google_business: "Visit us or call ahead to book.",
  pinterest: "Save this Pin for later.",
};

const HAS_CTA =
  /\?|\b(comment|share|follow|subscribe|click|tap|link in bio|let us know|tell us|reply|sign up|join|visit|learn more|check (it )?out|dm)\b/i;
const HASHTAG_G = /#[\p{L}\p{N}_]+/gu;

/** Whether the platform reads better in short paragraphs than in one block. */
const paragraphs = (platform: Platform) => platform !== "twitter" && platform !== "threads";

/**
 * Platform-fit optimisation: hashtags moved to the end and capped at the platform limit, long
 * blocks split into short paragraphs, a call to action added when there is none, and the result
 * trimmed at a word boundary to the platform limit. Every change made is listed.
 */
export function optimizeFor(content: string, platform: Platform): Optimization {
  const name = PLATFORM_NAMES[platform];
  const limit = CHARACTER_LIMITS[platform];
  const improvements: string[] = [];
  const suggestions: string[] = [];

  const original = content.trim();
  const tags = [...new Map(hashtagsIn(original).map((t) => [t.toLowerCase(), t])).values()];
  let prose = original
    .replace(HASHTAG_G, "")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

  const tagsAtEnd = /(\s#[\p{L}\p{N}_]+)+\s*$/u.exec(original)?.[0].trim() ?? "";
  if (tags.length > 0 && hashtagsIn(tagsAtEnd).length < hashtagsIn(original).length)
    improvements.push("Moved hashtags to the end of the post");

  let keptTags = tags.slice(0, HASHTAG_LIMITS[platform]);
  if (keptTags.length < tags.length)
    improvements.push(`Reduced hashtags from ${tags.length} to ${keptTags.length} (${name} limit)`);

  const sentences = sentencesIn(prose);
  if (paragraphs(platform) && !prose.includes("\n") && sentences.length > 2) {
    const blocks: string[] = [];
    for (let i = 0; i < sentences.length; i += 2) blocks.push(sentences.slice(i, i + 2).join(" "));
    prose = blocks.join("\n\n");
    improvements.push("Added line breaks for readability");
  }

  if (!HAS_CTA.test(prose)) {
    prose = `${prose}${paragraphs(platform) ? "\n\n" : " "}${CTA[platform]}`;
    improvements.push("Added a call to action to invite engagement");
  }

  if (keptTags.length === 0 && HASHTAG_LIMITS[platform] > 0) {
    keptTags = suggestHashtags(prose, platform, Math.min(3, HASHTAG_LIMITS[platform]));
    if (keptTags.length > 0)
      improvements.push(`Added ${keptTags.length} relevant hashtag${keptTags.length > 1 ? "s" : ""}`);
  }

  const tagLine = keptTags.join(" ");
  const sep = paragraphs(platform) ? "\n\n" : " ";
  let optimized = tagLine ? `${prose}${sep}${tagLine}` : prose;
  if (characterCount(optimized) > limit) {
    const room = limit - (tagLine ? characterCount(sep + tagLine) : 0);
    optimized =
      room > limit / 2 ? `${trimToLimit(prose, room)}${tagLine ? sep + tagLine : ""}` : trimToLimit(optimized, limit);
    improvements.push(`Trimmed to ${characterCount(optimized)} characters to fit the ${name} limit of ${limit}`);
  }

  if (improvements.length === 0) improvements.push(`Already well suited to ${name}; no changes were needed`);
  if (platform === "instagram" || platform === "youtube")
    suggestions.push(
      `Pair the post with ${platform === "youtube" ? "a video and a clear title (up to 100 characters)" : "a strong image, video or carousel"}.`,
    );
  if (platform === "linkedin")
    suggestions.push("Open with a one-line hook: LinkedIn shows only the first lines before 'see more'.");
  if (platform === "twitter") suggestions.push("Keep one idea per post; a thread works better for longer stories.");
  const times = POSTING_TIMES[platform];
  if (times) suggestions.push(`Post around ${times.join(", ")} for the best reach on ${name}.`);
  return { optimizedContent: optimized, improvements, suggestions };
}
