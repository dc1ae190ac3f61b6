/**
 * Native formats (ADR 066): a channel publishes a feed post, a Reel, a Story or a Short, chosen per channel in its
 * version's options. The rules of each format are the network's own (platform-profile's `formats`); this module
 * says what a format needs and, in the network's words, why media does not fit it. Pure; the composer imports it.
 */
import {
  type FormatRules,
  PLATFORM_NAMES,
  PLATFORM_PROFILES,
  type Platform,
  POST_FORMATS,
  type PostFormat,
} from "../platform-profile";

export { POST_FORMATS, type PostFormat };

/** What a format rule reads of a media item (the library's facts). */
export interface FormatMedia {
  originalName: string;
  fileType: "image" | "video";
  size: number;
  width: number | null;
  height: number | null;
  duration: number | null;
}

/** The formats a network publishes, feed first. */
export function formatsOf(platform: Platform): PostFormat[] {
  const own = PLATFORM_PROFILES[platform].formats ?? {};
  return ["feed", ...POST_FORMATS.filter((f) => f !== "feed" && f in own)];
}

export const rulesOf = (platform: Platform, format: PostFormat): FormatRules | null =>
  format === "feed" ? null : (PLATFORM_PROFILES[platform].formats?.[format] ?? null);

/** The label a card or a picker shows ("Reel"); "Post" for a feed post. */
export const formatLabel = (platform: Platform, format: PostFormat | undefined) =>
  (format && rulesOf(platform, format)?.label) || "Post";

const seconds = (n: number) => `${Math.round(n * 10) / 10}s`;
const PLURAL: Record<PostFormat, string> = { feed: "feed posts", reel: "Reels", story: "Stories", short: "Shorts" };
/** "a Facebook Reel", "an Instagram Story". */
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const aFormat = (platform: Platform, rules: FormatRules) =>
  `${/^[AEIOU]/.test(PLATFORM_NAMES[platform]) ? "an" : "a"} ${PLATFORM_NAMES[platform]} ${rules.label}`;
const ratio = (m: FormatMedia) => (m.width && m.height ? m.width / m.height : null);

export const FormatMessages = {
  notOffered: (platform: Platform, format: PostFormat) =>
    `${PLATFORM_NAMES[platform]} does not publish ${PLURAL[format]}`,
  oneItem: (platform: Platform, rules: FormatRules) =>
    `${cap(aFormat(platform, rules))} takes ${rules.media === "video" ? "one video" : "one image or video"}`,
  needsVideo: (platform: Platform, rules: FormatRules, name: string) =>
    `${cap(aFormat(platform, rules))} is a video: ${name} is an image`,
  tooShort: (platform: Platform, rules: FormatRules, m: FormatMedia) =>
    `${m.originalName} is ${seconds(m.duration ?? 0)} long; ${aFormat(platform, rules)} is at least ${rules.minSeconds}s`,
  tooLong: (platform: Platform, rules: FormatRules, m: FormatMedia) =>
    `${m.originalName} is ${seconds(m.duration ?? 0)} long; ${aFormat(platform, rules)} is at most ${rules.maxSeconds}s`,
  aspect: (platform: Platform, rules: FormatRules, m: FormatMedia) =>
    `${m.originalName} is ${m.width}×${m.height}; ${aFormat(platform, rules)} is ${rules.aspectLabel ?? "within its aspect ratios"}`,
  resolution: (platform: Platform, rules: FormatRules, m: FormatMedia) =>
    `${m.originalName} is ${m.width}×${m.height}; ${aFormat(platform, rules)} is at least ${rules.minWidth}×${rules.minHeight}`,
  tooLarge: (platform: Platform, rules: FormatRules, m: FormatMedia) =>
    `${m.originalName} is too large for ${aFormat(platform, rules)} (max ${Math.round((rules.maxVideoBytes ?? 0) / 1024 / 1024)}MB)`,
  noComment: (platform: Platform, rules: FormatRules) => `${cap(aFormat(platform, rules))} takes no first comment`,
  notShort: (reasons: string[]) => `This video will not be a YouTube Short: ${reasons.join("; ")}`,
} as const;

/** Why one video breaks a format's length, size and shape rules (the network's words, one line each). */
function videoProblems(platform: Platform, rules: FormatRules, m: FormatMedia): string[] {
  const out: string[] = [];
  if (m.duration !== null && rules.minSeconds !== undefined && m.duration < rules.minSeconds)
    out.push(FormatMessages.tooShort(platform, rules, m));
  if (m.duration !== null && rules.maxSeconds !== undefined && m.duration > rules.maxSeconds)
    out.push(FormatMessages.tooLong(platform, rules, m));
  const r = ratio(m);
  if (r !== null && rules.videoAspect && (r < rules.videoAspect[0] || r > rules.videoAspect[1]))
    out.push(FormatMessages.aspect(platform, rules, m));
  if (
    m.width !== null &&
    m.height !== null &&
    rules.minWidth !== undefined &&
    rules.minHeight !== undefined &&
    (Math.min(m.width, m.height) < rules.minWidth || Math.max(m.width, m.height) < rules.minHeight)
  )
    out.push(FormatMessages.resolution(platform, rules, m));
  if (rules.maxVideoBytes !== undefined && m.size > rules.maxVideoBytes)
    out.push(FormatMessages.tooLarge(platform, rules, m));
  return out;
}

/**
 * What stops `media` from going out as `format` on `platform`; empty when it fits (a feed post has no rules
 * here: the network's feed rules are pre-flight's). A Short is classified by YouTube, so its message says
 * why the video will not be one.
 */
export function formatProblems(
  platform: Platform,
  format: PostFormat,
  media: FormatMedia[],
  opts: { firstComment?: boolean } = {},
): string[] {
  if (format === "feed") return [];
  const rules = rulesOf(platform, format);
  if (!rules) return [FormatMessages.notOffered(platform, format)];
  const out: string[] = [];
  if (opts.firstComment && !rules.classified) out.push(FormatMessages.noComment(platform, rules));
  if (media.length !== 1) return [...out, FormatMessages.oneItem(platform, rules)];
  const item = media[0]!;
  if (item.fileType === "image") {
    if (rules.media === "video") out.push(FormatMessages.needsVideo(platform, rules, item.originalName));
    return out;
  }
  const own = videoProblems(platform, rules, item);
  if (rules.classified && own.length) return [...out, FormatMessages.notShort(own.map(shortReason))];
  return [...out, ...own];
}

/** "x.mp4 is 240s long; a YouTube Short is at most 180s" → "it is 240s long (a Short is at most 180s)". */
function shortReason(message: string): string {
  const [fact, rule] = message.split("; ");
  return `${fact!.replace(/^\S+ is /, "it is ")} (${rule!.replace(/^a YouTube /, "a ")})`;
}

/** Whether YouTube will make this video a Short, and if not, why (the composer shows it for every YouTube video). */
export function shortVerdict(video: FormatMedia): { short: boolean; reasons: string[] } {
  const rules = rulesOf("youtube", "short")!;
  const reasons = videoProblems("youtube", rules, video).map(shortReason);
  return { short: reasons.length === 0, reasons };
}
