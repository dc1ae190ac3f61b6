import { UpstreamFailed } from "../errors";
import { PLATFORM_NAMES, type Platform } from "../platform-profile";
import { characterCount, fitFor, HASHTAG_LIMITS } from "./limits";
import type { GeneratedPost, MentionSuggestion, Optimization, ProviderName } from "./provider";
import { AiMessages, type GenerateInput } from "./schemas";
import { hashtagsIn } from "./text";

/**
 * Turns provider output into the API's shapes. Counts, limits and trimming are computed here, from
 * the text itself: nothing a model says about its own output is trusted.
 */
export function shapeGenerated(
  input: GenerateInput,
  posts: GeneratedPost[],
  provider: ProviderName,
  newId: () => string,
) {
  const content: Partial<
    Record<Platform, { content: string; characterCount: number; withinLimit: boolean; limit: number }>
  > = {};
  const suggestions = input.platforms.map((platform) => {
    const post = posts.find((p) => p.platform === platform);
    if (!post || post.content.trim() === "") throw new UpstreamFailed(AiMessages.invalidResponse);
    const fit = fitFor(post.content, platform, input.maxLength);
    content[platform] = fit;
    return {
      id: newId(),
      content: fit.content,
      hashtags: hashtagsIn(fit.content),
      tone: input.tone,
      platform,
      platforms: [platform],
      characterCount: fit.characterCount,
      withinLimit: fit.withinLimit,
      provider,
    };
  });
  return {
    content,
    suggestions,
    options: {
      tone: input.tone,
      platforms: input.platforms,
      includeHashtags: input.includeHashtags,
      maxLength: input.maxLength,
    },
    provider,
  };
}

/** '#' prefixed, letters/digits/underscore only, unique, at most `count` and the platform's limit. */
export function cleanHashtags(tags: string[], platform: Platform, count: number): string[] {
  const out = new Map<string, string>();
  for (const raw of tags) {
    const body = raw
      .trim()
      .replace(/^#+/, "")
      .replace(/[^\p{L}\p{N}_]/gu, "");
    if (body.length === 0 || /^\d+$/.test(body)) continue;
    if (!out.has(body.toLowerCase())) out.set(body.toLowerCase(), `#${body}`);
  }
  return [...out.values()].slice(0, Math.min(count, HASHTAG_LIMITS[platform]));
}

/** Handles normalised to '@name'; always unverified: nothing here checks that an account exists. */
export function cleanMentions(mentions: MentionSuggestion[], count: number) {
  const seen = new Set<string>();
  const out: Array<MentionSuggestion & { verified: false }> = [];
  for (const m of mentions) {
    const handle = `@${m.handle
      .trim()
      .replace(/^@+/, "")
      .replace(/[^A-Za-z0-9_.]/g, "")}`;
    if (handle.length < 2 || seen.has(handle.toLowerCase())) continue;
    seen.add(handle.toLowerCase());
    out.push({ handle, name: m.name.trim() || handle.slice(1), type: m.type, reason: m.reason, verified: false });
  }
  return out.slice(0, count);
}

export function shapeOptimized(original: string, platform: Platform, result: Optimization, provider: ProviderName) {
  const fit = fitFor(result.optimizedContent, platform);
  const improvements = [...result.improvements];
  if (fit.content !== result.optimizedContent.trim())
    improvements.push(
      `Trimmed to ${fit.characterCount} characters to fit the ${PLATFORM_NAMES[platform]} limit of ${fit.limit}`,
    );
  return {
    original,
    optimizedContent: fit.content,
    improvements,
    suggestions: result.suggestions,
    platform,
    characterCount: characterCount(fit.content),
    withinLimit: fit.withinLimit,
    provider,
  };
}
