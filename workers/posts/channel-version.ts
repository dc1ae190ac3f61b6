/**
 * Per-channel versions (ADR 021): a post has a base text and media; each channel (platform + account) may
 * override its text, media, title and platform options, add a first comment and, on X and Threads, further
 * thread parts. `effectiveVersion` is the one answer to "what does this channel publish" used by validation,
 * pre-flight, previews, publishing, repost and the API. Pure; the composer imports it.
 */
import { z } from "zod";
import type { StoredVersion } from "../db/schema/posts";
import { PLATFORM_NAMES, PLATFORM_PROFILES, PLATFORMS, type Platform, POST_FORMATS } from "../platform-profile";
import { TIKTOK_PRIVACY } from "../platforms/public";
import { captionOf } from "./caption";
import { captionLength, characterLimitFor, countingNote, warningNote } from "./caption-length";
import { FormatMessages } from "./formats";
import { localPostSchema } from "./local-post";

export const YOUTUBE_PRIVACY = ["public", "unlisted", "private"] as const;
export const LINKEDIN_VISIBILITY = ["PUBLIC", "CONNECTIONS", "LOGGED_IN"] as const;
export const MASTODON_VISIBILITY = ["public", "unlisted", "private", "direct"] as const;
/** A thread has at most this many parts (X and Threads allow long chains; a month of tweets is not a post). */
export const MAX_THREAD_PARTS = 25;

const id = z.string().trim().min(1).max(100);
/** A media reference as an id or as the media object the picker holds. */
export const mediaRef = z.union([
  id,
  z.object({ _id: id }).transform((m) => m._id),
  z.object({ id }).transform((m) => m.id),
]);

/** Platform options a channel may set; each applies to the platforms named beside it. */
export const channelOptionsSchema = z.strictObject({
  /** YouTube privacyStatus. */
  privacy: z.enum(YOUTUBE_PRIVACY).optional(),
  /** YouTube tags. */
  tags: z.array(z.string().trim().min(1).max(100)).max(30).optional(),
  /** LinkedIn post visibility. */
  visibility: z.enum(LINKEDIN_VISIBILITY).optional(),
  /** Mastodon: who sees the status (public, unlisted, followers only, mentioned only). */
  statusVisibility: z.enum(MASTODON_VISIBILITY).optional(),
  /** Mastodon: a content warning shown before the text (spoiler_text). */
  contentWarning: z.string().trim().max(500, "A content warning is at most 500 characters").optional(),
  /** Mastodon and Bluesky: the post's language, an ISO 639-1 code. */
  language: z
    .string()
    .regex(/^[a-z]{2}$/, "Language must be a two-letter ISO 639-1 code, like en")
    .optional(),
  /** Pinterest: the board the pin is saved to (its id on Pinterest), and a section of that board. */
  board: z.string().regex(/^\d+$/, "Choose a Pinterest board from the list").optional(),
  boardSection: z.string().regex(/^\d+$/, "Choose a board section from the list").optional(),
  /** Pinterest: where the pin leads when clicked. */
  link: z.string().trim().url("The pin's link must be a full URL, like https://example.com").max(2048).optional(),
  /** Alt text per media id (Instagram and every network that takes alt text on images). */
  altText: z.record(id, z.string().trim().max(1000)).optional(),
  /** What the channel publishes (ADR 066): a feed post (default), a Reel, a Story or a YouTube Short. */
  format: z
    .enum(POST_FORMATS, { error: "Format must be one of feed, reel, story or short" })
    .optional()
    .describe("Instagram: feed, reel or story; Facebook: feed, reel or story; YouTube: feed or short."),
  /** TikTok: who can see the post; required, never defaulted (TikTok's Content Sharing Guidelines). */
  tiktokPrivacy: z.enum(TIKTOK_PRIVACY, { error: "Choose who can see this TikTok post" }).optional(),
  /** TikTok: interactions the poster allows (off unless chosen; disabled where the creator turned them off). */
  tiktokAllowComment: z.boolean().optional(),
  tiktokAllowDuet: z.boolean().optional(),
  tiktokAllowStitch: z.boolean().optional(),
  /** TikTok's commercial content disclosure: promoting the creator's own brand, or a paid partnership. */
  tiktokYourBrand: z.boolean().optional(),
  tiktokBrandedContent: z.boolean().optional(),
  /** Google Business Profile: the local post's type, button, dates and offer (ADR 065). */
  localPost: localPostSchema.optional(),
});
export type ChannelOptions = z.output<typeof channelOptionsSchema>;

/** A channel's version as the composer and the API send it; absent fields inherit the post's. */
export const channelVersionSchema = z.object({
  platform: z.enum(PLATFORMS, { error: "Unknown platform" }),
  accountId: id,
  text: z.string().max(70_000).nullish(),
  media: z.array(mediaRef).max(20).nullish(),
  title: z.string().trim().max(500).nullish(),
  options: channelOptionsSchema.nullish(),
  firstComment: z
    .string()
    .trim()
    .max(8000)
    .nullish()
    .describe("Published under the post once it is out (Instagram, Facebook, LinkedIn, X, Threads)."),
  /** The parts after the first (the first is the text), each published as a reply to the previous. */
  thread: z
    .array(z.string().max(70_000))
    .max(MAX_THREAD_PARTS - 1)
    .nullish()
    .describe(
      "X and Threads: the thread's parts after the first (the channel's text), in order, each within the network's limit; each is published as a reply to the previous one.",
    ),
});
export type ChannelVersionInput = z.output<typeof channelVersionSchema>;

export type { StoredVersion };

/** The stored override of an input, or null when it overrides nothing. */
export function storedVersion(input: ChannelVersionInput | undefined): StoredVersion | null {
  if (!input) return null;
  const out: StoredVersion = {};
  if (input.text != null) out.text = input.text;
  if (input.media != null) out.media = [...new Set(input.media)];
  if (input.title) out.title = input.title;
  if (input.options && Object.keys(input.options).length) out.options = input.options;
  if (input.firstComment) out.firstComment = input.firstComment;
  const parts = (input.thread ?? []).filter((p) => p.trim() !== "");
  if (parts.length) out.thread = parts;
  return Object.keys(out).length ? out : null;
}

export const channelKey = (platform: string, accountId: string) => `${platform}:${accountId}`;

/** The base every channel inherits from. */
export interface PostBase {
  content: string;
  hashtags: string[];
  mediaIds: string[];
  title: string | null;
}

export interface EffectiveVersion {
  /** True when the channel overrides its text (then its text is the caption as written). */
  customized: boolean;
  /** The text the user edits for this channel. */
  text: string;
  /** What the platform receives as the post's text (the first part of a thread). */
  caption: string;
  /** Every part in order; `[caption]` for a single post. */
  parts: string[];
  mediaIds: string[];
  title: string | null;
  options: ChannelOptions;
  firstComment: string | null;
}

/**
 * What one channel publishes. The base caption carries the post's hashtag list; a customized text is
 * published exactly as written ("Customize" copies the base caption into it, hashtags included).
 */
export function effectiveVersion(post: PostBase, target: { platform: Platform; version: StoredVersion | null }) {
  const v = target.version ?? {};
  const customized = v.text !== undefined;
  const caption = customized ? v.text! : captionOf(post.content, post.hashtags);
  const thread = PLATFORM_PROFILES[target.platform].threads ? (v.thread ?? []) : [];
  return {
    customized,
    text: customized ? v.text! : post.content,
    caption,
    parts: [caption, ...thread],
    mediaIds: v.media ?? post.mediaIds,
    title: v.title ?? post.title,
    options: v.options ?? {},
    firstComment: PLATFORM_PROFILES[target.platform].firstComment ? (v.firstComment ?? null) : null,
  } satisfies EffectiveVersion;
}

/** "Content exceeds X limit": said of the post and of a channel's own version alike. */
export const limitMessage = (platform: Platform, current: number, max: number, contentWarning?: string) =>
  `Content exceeds ${PLATFORM_NAMES[platform]} limit (${current}/${max})${countingNote(platform)}${warningNote(contentWarning)}`;

export const ChannelMessages = {
  textRequired: (platform: Platform) => `Please enter some content for ${PLATFORM_NAMES[platform]}`,
  partLimit: (platform: Platform, part: number, current: number, max: number, contentWarning?: string) =>
    `Part ${part} of the thread exceeds ${PLATFORM_NAMES[platform]} limit (${current}/${max})${warningNote(contentWarning)}`,
  noThreads: (platform: Platform) => `${PLATFORM_NAMES[platform]} does not support threads`,
  noFirstComment: (platform: Platform) => `${PLATFORM_NAMES[platform]} does not support a first comment`,
  commentLimit: (platform: Platform, current: number, max: number, contentWarning?: string) =>
    `First comment exceeds ${PLATFORM_NAMES[platform]} limit (${current}/${max})${warningNote(contentWarning)}`,
  option: (option: string, platform: Platform) => `${option} is not an option for ${PLATFORM_NAMES[platform]}`,
  notChosen: (platform: Platform) => `A customized ${PLATFORM_NAMES[platform]} version needs that account selected`,
} as const;

const OPTION_PLATFORMS: Record<keyof ChannelOptions, { label: string; platforms: Platform[] }> = {
  privacy: { label: "Privacy", platforms: ["youtube"] },
  tags: { label: "Tags", platforms: ["youtube"] },
  visibility: { label: "Visibility", platforms: ["linkedin"] },
  statusVisibility: { label: "Visibility", platforms: ["mastodon"] },
  contentWarning: { label: "Content warning", platforms: ["mastodon"] },
  language: { label: "Language", platforms: ["mastodon", "bluesky"] },
  format: { label: "Format", platforms: ["instagram", "facebook", "youtube"] },
  tiktokPrivacy: { label: "Who can see this post", platforms: ["tiktok"] },
  tiktokAllowComment: { label: "Allow comments", platforms: ["tiktok"] },
  tiktokAllowDuet: { label: "Allow Duet", platforms: ["tiktok"] },
  tiktokAllowStitch: { label: "Allow Stitch", platforms: ["tiktok"] },
  tiktokYourBrand: { label: "Your brand", platforms: ["tiktok"] },
  tiktokBrandedContent: { label: "Branded content", platforms: ["tiktok"] },
  localPost: { label: "Post type", platforms: ["google_business"] },
  board: { label: "Board", platforms: ["pinterest"] },
  boardSection: { label: "Board section", platforms: ["pinterest"] },
  link: { label: "Link", platforms: ["pinterest"] },
  altText: {
    label: "Alt text",
    platforms: ["instagram", "facebook", "twitter", "linkedin", "threads", "mastodon", "bluesky", "pinterest"],
  },
};

/** True when `option` is one `platform` takes (the composer shows only those). */
export const optionApplies = (option: keyof ChannelOptions, platform: Platform) =>
  OPTION_PLATFORMS[option].platforms.includes(platform);

/**
 * What is wrong with one channel's own version, beyond the post-wide rules: its text, every thread part and
 * the first comment within the platform's limit (unless `lengths` is false: a draft may run long), and only options
 * and features the platform has.
 */
export function versionProblems(
  platform: Platform,
  version: StoredVersion,
  effective: EffectiveVersion,
  lengths = true,
  /** image or video for a media id, where known: a photo post may hold a longer text (TikTok's description). */
  mediaKind: (id: string) => string | undefined = () => undefined,
): string[] {
  const out: string[] = [];
  // A server that sets its own limit (Mastodon) is held to it per account by pre-flight (ADR 059).
  const max =
    !lengths || PLATFORM_PROFILES[platform].limitsPerAccount
      ? Number.POSITIVE_INFINITY
      : characterLimitFor(platform, effective.mediaIds.map(mediaKind));
  if (version.thread?.length && !PLATFORM_PROFILES[platform].threads) out.push(ChannelMessages.noThreads(platform));
  if (version.firstComment && !PLATFORM_PROFILES[platform].firstComment)
    out.push(ChannelMessages.noFirstComment(platform));
  if (effective.customized && effective.text.trim() === "") out.push(ChannelMessages.textRequired(platform));
  effective.parts.forEach((part, i) => {
    const length = captionLength(platform, part);
    if (length <= max) return;
    out.push(
      effective.parts.length === 1
        ? limitMessage(platform, length, max)
        : ChannelMessages.partLimit(platform, i + 1, length, max),
    );
  });
  if (effective.firstComment) {
    const length = captionLength(platform, effective.firstComment);
    if (length > max) out.push(ChannelMessages.commentLimit(platform, length, max));
  }
  for (const [key, rule] of Object.entries(OPTION_PLATFORMS) as Array<
    [keyof ChannelOptions, { label: string; platforms: Platform[] }]
  >) {
    if (version.options?.[key] !== undefined && !optionApplies(key, platform))
      out.push(ChannelMessages.option(rule.label, platform));
  }
  const format = version.options?.format;
  if (
    format &&
    format !== "feed" &&
    optionApplies("format", platform) &&
    !PLATFORM_PROFILES[platform].formats?.[format]
  )
    out.push(FormatMessages.notOffered(platform, format));
  return out;
}
