import type { Platform } from "../../platform-profile";
import { HASHTAG_LIMITS } from "../limits";
import { hashtagsIn, keywords, toHashtag } from "../text";

/** Community tags that fit any topic on a platform; used only after the content's own keywords. */
const PLATFORM_TAGS: Record<Platform, string[]> = {
  instagram: ["#instagood", "#instadaily", "#photooftheday", "#reels", "#explorepage"],
  facebook: ["#community", "#facebookpost"],
  twitter: [],
  linkedin: ["#business", "#leadership", "#careers", "#innovation", "#networking"],
  youtube: ["#youtube", "#shorts", "#subscribe"],
  threads: [],
};

/**
 * Hashtags from the content's keywords (most frequent first), then its repeated phrases, then the
 * platform's community tags; tags already in the content are skipped. At most `count`, and never
 * more than the platform allows.
 */
export function suggestHashtags(content: string, platform: Platform, count: number): string[] {
  const max = Math.min(count, HASHTAG_LIMITS[platform]);
  const present = new Set(hashtagsIn(content).map((t) => t.toLowerCase()));
  const out: string[] = [];
  const seen = new Set(present);
  const add = (tag: string) => {
    const key = tag.toLowerCase();
    if (tag.length < 3 || seen.has(key) || out.length >= max) return;
    seen.add(key);
    out.push(tag);
  };
  for (const phrase of keywords(content, 60)) add(toHashtag(phrase));
  for (const tag of PLATFORM_TAGS[platform]) add(tag);
  return out;
}
