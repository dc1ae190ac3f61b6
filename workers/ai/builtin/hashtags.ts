import type { Platform } from "../../platform-profile";
import { HASHTAG_LIMITS } from "../limits";
import { hashtagsIn, keywords, phraseHeads, toHashtag } from "../text";

/** Community tags that fit any topic on a platform; used only after the content's own keywords. */
const PLATFORM_TAGS: Record<Platform, string[]> = {
  instagram: ["#instagood", "#instadaily", "#photooftheday", "#reels", "#explorepage"],
  facebook: ["#community", "#facebookpost"],
  twitter: [],
  linkedin: ["#business", "#leadership", "#careers", "#innovation", "#networking"],
  youtube: ["#youtube", "#shorts", "#subscribe"],
  threads: [],
  bluesky: [],
  mastodon: [],
  tiktok: ["#fyp", "#tiktokmademebuyit", "#smallbusiness"],
  google_business: [],
  pinterest: ["#diy", "#inspiration", "#ideas"],
};

/** Adverbs and adjectives by their endings ("honestly", "delicious", "colourful"): never a tag on their own. */
const NOT_A_NOUN = /(?:ly|ous|ful|ive|able|ible|less|ish)$/;

/**
 * Hashtags from the content's keywords, likely nouns first (words closing a noun phrase), each group most
 * frequent first; then the other keywords and repeated phrases; then the platform's community tags. Stop
 * words and contractions never become tags ("#every", "#weve"); tags already in the content are skipped.
 * At most `count`, and never more than the platform allows.
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
  const heads = phraseHeads(content);
  const candidates = keywords(content, 60).filter((k) => k.includes(" ") || !NOT_A_NOUN.test(k));
  const noun = (k: string) => !k.includes(" ") && heads.has(k);
  for (const phrase of [...candidates.filter(noun), ...candidates.filter((k) => !noun(k))]) add(toHashtag(phrase));
  for (const tag of PLATFORM_TAGS[platform]) add(tag);
  return out;
}
