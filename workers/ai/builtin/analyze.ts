import { PLATFORM_NAMES, type Platform } from "../../platform-profile";
import { CHARACTER_LIMITS, HASHTAG_LIMITS, RECOMMENDED_HASHTAGS } from "../limits";
import type { Assessment } from "../provider";
import { textStats } from "../text";

const HAS_CTA =
  /\?|\b(comment|share|follow|subscribe|click|tap|let us know|tell us|reply|sign up|join|visit|learn more|check (it )?out)\b/i;

/**
 * A 0–100 score from readability, fit to the platform's length, hashtag use, a call to action and
 * emoji, with a suggestion for each point lost and a strength for each point earned.
 */
export function assess(content: string, platform: Platform): Assessment {
  const s = textStats(content);
  const name = PLATFORM_NAMES[platform];
  const strengths: string[] = [];
  const suggestions: string[] = [];
  let score = 0;

  const readability = Math.max(0, Math.min(100, s.readingEase));
  score += Math.round(readability * 0.3);
  if (s.readingEase >= 60) strengths.push(`Easy to read (reading ease ${s.readingEase})`);
  else suggestions.push("Use shorter sentences and simpler words to make it easier to read.");

  const limit = CHARACTER_LIMITS[platform];
  if (s.characterCount > limit)
    suggestions.push(`Shorten it: ${s.characterCount} characters is over the ${name} limit of ${limit}.`);
  else if (s.words < 8)
    suggestions.push("Add a little more detail: very short posts give readers little to engage with.");
  else {
    score += 25;
    strengths.push(`Length fits ${name}`);
  }

  const wanted = RECOMMENDED_HASHTAGS[platform];
  if (s.hashtagCount > HASHTAG_LIMITS[platform])
    suggestions.push(`Use at most ${HASHTAG_LIMITS[platform]} hashtags on ${name}.`);
  else if (s.hashtagCount === 0)
    suggestions.push(
      `Add ${wanted === 1 ? "a relevant hashtag" : `up to ${wanted} relevant hashtags`} to be discovered.`,
    );
  else {
    score += 20;
    strengths.push("Uses hashtags within the platform's limit");
  }

  if (HAS_CTA.test(content)) {
    score += 15;
    strengths.push("Invites engagement with a question or call to action");
  } else suggestions.push("End with a question or a call to action to invite comments.");

  if (s.emojiCount > 0 && s.emojiCount <= 5) {
    score += 10;
    strengths.push("Emoji add personality without clutter");
  } else if (s.emojiCount > 5) suggestions.push("Use fewer emoji so the message stays clear.");
  else if (platform !== "linkedin") suggestions.push("An emoji or two can make the post more eye-catching.");
  else score += 10;

  return { score: Math.min(100, score), strengths, suggestions };
}
