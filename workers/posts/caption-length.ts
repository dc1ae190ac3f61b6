import twitterText from "twitter-text";
import { characterCount } from "../ai/public";
import { PLATFORM_PROFILES, type Platform } from "../platform-profile";
import { graphemeCount } from "../platforms/public";

/**
 * How a platform counts a caption against its limit. X counts by weight with its own library's rules
 * (twitter-text v3: most emoji and CJK characters count 2, every link 23); a profile with `textUnit: "graphemes"`
 * (Bluesky) counts user-perceived characters; the others count code points.
 */
export function captionLength(platform: Platform | null, text: string): number {
  if (platform === "twitter") return twitterText.parseTweet(text).weightedLength;
  if (platform && PLATFORM_PROFILES[platform].textUnit === "graphemes") return graphemeCount(text);
  return characterCount(text);
}

/** Said after an X count, so a caption that looks short is not a mystery. */
export const X_COUNTING_NOTE = "X counts most emoji and CJK characters as 2 and every link as 23";
