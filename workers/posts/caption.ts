/** The caption a platform receives, from the content and the post's hashtag list. Pure; the UI imports it. */

/** Hashtags written in the content (`#word`). */
export function hashtagsIn(content: string): string[] {
  return [...content.matchAll(/#([\p{L}\p{N}_]+)/gu)].map((m) => m[1]!);
}

/** The text a platform receives: the content, then the listed hashtags it does not already contain. */
export function captionOf(content: string, hashtags: string[]): string {
  const present = new Set(hashtagsIn(content).map((h) => h.toLowerCase()));
  const extra = hashtags.filter((h) => !present.has(h.toLowerCase())).map((h) => `#${h}`);
  return extra.length ? `${content.trimEnd()}\n\n${extra.join(" ")}` : content;
}

/** Every distinct hashtag the published caption carries. */
export function allHashtags(content: string, hashtags: string[]): string[] {
  return [...new Map([...hashtagsIn(content), ...hashtags].map((h) => [h.toLowerCase(), h])).values()];
}
