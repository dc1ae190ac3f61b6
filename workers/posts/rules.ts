/**
 * The post as the composer sends it, and every SPEC §5 Post rule with its message. Shared by the
 * composer (client-side checks) and POST/PUT /api/posts: keep it free of Worker-only imports.
 */
import { z } from "zod";
import { CHARACTER_LIMITS, HASHTAG_LIMITS } from "../ai/public";
import type { MediaKind } from "../db/schema/media";
import { PLATFORM_NAMES, PLATFORM_PROFILES, PLATFORMS, type Platform } from "../platform-profile";
import { validTimeZone } from "../tenancy/time-zone";
import { allHashtags, captionOf } from "./caption";
import { captionLength, characterLimitFor, countingNote } from "./caption-length";
import {
  ChannelMessages,
  channelKey,
  channelVersionSchema,
  effectiveVersion,
  limitMessage,
  mediaRef,
  type StoredVersion,
  storedVersion,
  versionProblems,
} from "./channel-version";
import { postLabelIdsSchema } from "./label-choices";
import { postLinkChoicesSchema } from "./link-choices";
import { pinProblems } from "./pin-rules";
import { LOCAL_DATE, LOCAL_TIME, localToUtc, ScheduleMessages } from "./schedule-time";

export { allHashtags, captionOf, hashtagsIn } from "./caption";
// Character and hashtag limits (SPEC §9) come from the platform profile through ai/limits.ts.
export { CHARACTER_LIMITS, HASHTAG_LIMITS };
export const YOUTUBE_TITLE_MAX = 100;
/** SPEC §5: these need at least one selected account even in the form. */
export const ACCOUNT_REQUIRED: readonly Platform[] = PLATFORMS.filter((p) => PLATFORM_PROFILES[p].accountRequired);
/** Published within this much of "now" still counts as now (clock skew between browser and server). */
export const SCHEDULE_GRACE_MS = 60_000;
/** How far ahead a post may be scheduled: two years covers every campaign; year 9999 is a typo. */
export const SCHEDULE_MAX_AHEAD_MS = 2 * 365 * 24 * 3600_000;

export const PostMessages = {
  contentRequired: "Please enter some content for your post",
  platformRequired: "Please select at least one platform",
  characterLimit: (current: number, max: number, platform?: Platform) =>
    `Content exceeds character limit (${current}/${max})${countingNote(platform)}`,
  platformLimit: limitMessage,
  hashtagLimit: (platform: Platform, current: number, max: number) =>
    `Too many hashtags for ${PLATFORM_NAMES[platform]} (${current}/${max})`,
  hashtagFormat: "Hashtags may contain only letters, numbers and underscores",
  mediaRequired: "Images are required for all posts",
  /** A network that takes no text-only post, when the workspace lets the others have them. */
  platformMedia: (platform: Platform) => `${PLATFORM_NAMES[platform]} posts need at least one image or video`,
  youtubeVideo: "YouTube posts require at least one video",
  youtubeTitle: "YouTube posts require a title",
  youtubeTitleLong: `YouTube title must be ${YOUTUBE_TITLE_MAX} characters or less`,
  accountRequired: (platform: Platform) => `Please select at least one ${PLATFORM_NAMES[platform]} account`,
  ...ScheduleMessages,
  timezoneInvalid: "Please choose a valid timezone (for example Europe/Berlin)",
} as const;

/** A list or one space/comma-separated string; leading # or @ dropped, duplicates removed. */
const wordList = (prefix: "#" | "@") =>
  z
    .union([z.array(z.string().max(100)), z.string().max(5000)])
    .transform((v) => (typeof v === "string" ? v.split(/[\s,]+/) : v))
    .transform((list) => [
      ...new Set(list.map((w) => w.trim().replace(new RegExp(`^\\${prefix}+`), "")).filter(Boolean)),
    ])
    .pipe(z.array(z.string()).max(100));

export const scheduledDateSchema = z.union([
  z.iso.datetime({ offset: true, error: PostMessages.scheduleInvalid }),
  z.object({
    localDate: z.string().regex(LOCAL_DATE, PostMessages.scheduleInvalid),
    localTime: z.string().regex(LOCAL_TIME, PostMessages.scheduleInvalid),
  }),
]);

export const postFieldsSchema = z.object({
  content: z.string().max(70_000).default(""),
  platforms: z
    .array(z.enum(PLATFORMS, { error: "Unknown platform" }))
    .default([])
    .transform((list) => [...new Set(list)]),
  /** platform → account ids; accounts without an id are skipped (SPEC §5). */
  selectedAccounts: z
    .record(z.string(), z.array(z.string().trim().max(100)).max(50))
    .default({})
    .transform((map) =>
      Object.fromEntries(Object.entries(map).map(([p, ids]) => [p, [...new Set(ids.filter(Boolean))]])),
    ),
  images: z.array(mediaRef).max(20).default([]),
  videos: z.array(mediaRef).max(20).default([]),
  media: z.array(mediaRef).max(20).default([]),
  hashtags: wordList("#").default([]),
  mentions: wordList("@").default([]),
  metadata: z
    .object({ category: z.string().trim().max(50).default("other"), source: z.string().trim().max(50).default("web") })
    .default({ category: "other", source: "web" }),
  title: z.string().trim().max(500).nullish(),
  youtubeVideo: mediaRef.nullish(),
  scheduledDate: scheduledDateSchema.nullish(),
  /** IANA zone for a local scheduledDate; the user's own zone when absent. */
  timezone: z
    .string()
    .max(64)
    .refine((tz) => validTimeZone(tz) !== null, PostMessages.timezoneInvalid)
    .optional(),
  status: z.enum(["draft", "scheduled"]).optional(),
  publishNow: z.boolean().default(false),
  /** Per-channel versions (ADR 021); a channel without one publishes the post as it is. */
  channels: z.array(channelVersionSchema).max(100).default([]),
  /** The post's own link choices, written with it (ADR 105); absent: the stored ones, else the workspace's. */
  links: postLinkChoicesSchema.optional(),
  /** The labels it carries, written with it (ADR 105); absent: the stored ones stay. */
  labelIds: postLabelIdsSchema.optional(),
});
export type PostFields = z.output<typeof postFieldsSchema>;

/** Every media id the post refers to, in order, without duplicates. */
export function mediaIdsOf(fields: Pick<PostFields, "media" | "images" | "videos" | "youtubeVideo">): string[] {
  return [
    ...new Set([
      ...fields.media,
      ...fields.images,
      ...fields.videos,
      ...(fields.youtubeVideo ? [fields.youtubeVideo] : []),
    ]),
  ];
}

/** The media of the post and of every channel version: what must belong to the workspace. */
export function allMediaIdsOf(fields: Pick<PostFields, "media" | "images" | "videos" | "youtubeVideo" | "channels">) {
  return [...new Set([...mediaIdsOf(fields), ...fields.channels.flatMap((c) => c.media ?? [])])];
}

/** Each chosen channel's stored override (null: it publishes the post as it is), by `platform:accountId`. */
export function versionsOf(fields: Pick<PostFields, "channels">): Map<string, StoredVersion | null> {
  return new Map(fields.channels.map((c) => [channelKey(c.platform, c.accountId), storedVersion(c)]));
}

/**
 * The platforms where some channel publishes the post's own text (a platform before any account is chosen
 * counts): the base text must fit these, not the ones where every channel has its own text.
 */
export function platformsUsingBase(
  fields: Pick<PostFields, "platforms" | "selectedAccounts"> & {
    channels: Array<{ platform: string; accountId: string; text?: string | null }>;
  },
): Platform[] {
  const own = new Set(fields.channels.filter((c) => c.text != null).map((c) => channelKey(c.platform, c.accountId)));
  const accounts = accountsOf(fields);
  return fields.platforms.filter((p) => {
    const chosen = accounts.filter((a) => a.platform === p);
    return chosen.length === 0 || chosen.some((a) => !own.has(channelKey(p, a.accountId)));
  });
}

/** The accounts chosen for the selected platforms only (deselecting a platform drops its accounts). */
export function accountsOf(
  fields: Pick<PostFields, "platforms" | "selectedAccounts">,
): Array<{ platform: Platform; accountId: string }> {
  return fields.platforms.flatMap((platform) =>
    (fields.selectedAccounts[platform] ?? []).map((accountId) => ({ platform, accountId })),
  );
}

/** The platform whose limit applies (the smallest among the selected ones, by `limitOf`). */
export function tightestPlatform(
  platforms: Platform[],
  limitOf: (p: Platform) => number = (p) => CHARACTER_LIMITS[p],
): Platform | null {
  return platforms.reduce<Platform | null>((best, p) => (best === null || limitOf(p) < limitOf(best) ? p : best), null);
}

/** The status the post asks for: publishing now or a schedule makes it scheduled. */
export function intentOf(fields: Pick<PostFields, "status" | "publishNow" | "scheduledDate">): "draft" | "scheduled" {
  return fields.status ?? (fields.publishNow || fields.scheduledDate ? "scheduled" : "draft");
}

/** The UTC instant of the schedule (ISO, or local date and time in `timeZone`); undefined if none, null if invalid. */
export function scheduledInstant(value: PostFields["scheduledDate"], timeZone: string): number | null | undefined {
  if (!value) return undefined;
  if (typeof value === "string") return Date.parse(value);
  return localToUtc(value.localDate, value.localTime, timeZone);
}

export interface PostRuleContext {
  now: number;
  /** The user's zone, used when the post names none. */
  timeZone: string;
  /** image or video for each referenced media id the caller knows about. */
  mediaKind: (id: string) => MediaKind | undefined;
  /**
   * The workspace's "Every post needs media" (SPEC's rule). Off, only the networks that take no text-only
   * post (platform-profile's `mediaRequired`) ask for media, each with its own message.
   */
  mediaRequired: boolean;
}

/** Networks without text-only posts; YouTube's own message ("…require at least one video") covers it. */
const MEDIA_ONLY: readonly Platform[] = PLATFORMS.filter(
  (p) => PLATFORM_PROFILES[p].media.mediaRequired && p !== "youtube",
);

/**
 * The messages of SPEC §5 Post in the order the composer shows them. Drafts skip the media, account and
 * schedule requirements and the length limits (a draft is where a long text gets cut down; scheduling checks
 * them), but keep the other content rules.
 */
export function postProblems(fields: PostFields, ctx: PostRuleContext): string[] {
  const out: string[] = [];
  const draft = intentOf(fields) === "draft";
  const { platforms } = fields;
  const versions = versionsOf(fields);
  const accounts = accountsOf(fields);
  // The base text is checked against the platforms that publish it; a channel's own text is checked below.
  const inheriting = platformsUsingBase(fields);
  if (fields.content.trim() === "") out.push(PostMessages.contentRequired);
  if (platforms.length === 0) out.push(PostMessages.platformRequired);
  // A server that sets its own limit (Mastodon) is checked per account by pre-flight (ADR 059).
  // A photo post may hold a longer text on some networks (TikTok's description).
  const baseKinds = mediaIdsOf(fields).map(ctx.mediaKind);
  const limitOf = (p: Platform) => characterLimitFor(p, baseKinds);
  const tightest = tightestPlatform(
    inheriting.filter((p) => !PLATFORM_PROFILES[p].limitsPerAccount),
    limitOf,
  );
  const length = captionLength(tightest, captionOf(fields.content, fields.hashtags));
  if (!draft && tightest && length > limitOf(tightest)) {
    out.push(
      platforms.length === 1
        ? PostMessages.characterLimit(length, limitOf(tightest), tightest)
        : PostMessages.platformLimit(tightest, length, limitOf(tightest)),
    );
  }
  const tags = allHashtags(fields.content, fields.hashtags);
  if (tags.some((t) => !/^[\p{L}\p{N}_]+$/u.test(t))) out.push(PostMessages.hashtagFormat);
  for (const p of inheriting) {
    const max = HASHTAG_LIMITS[p];
    if (tags.length > max) out.push(PostMessages.hashtagLimit(p, tags.length, max));
  }
  const base = { content: fields.content, hashtags: fields.hashtags, mediaIds: mediaIdsOf(fields), title: null };
  const chosen = new Set(accounts.map((a) => channelKey(a.platform, a.accountId)));
  for (const [key, version] of versions) {
    if (!version) continue;
    const platform = key.slice(0, key.indexOf(":")) as Platform;
    if (!chosen.has(key)) {
      out.push(ChannelMessages.notChosen(platform));
      continue;
    }
    const effective = effectiveVersion(base, { platform, version });
    out.push(...versionProblems(platform, version, effective, !draft, ctx.mediaKind));
    if (effective.customized) {
      const own = allHashtags(effective.caption, []).length;
      if (own > HASHTAG_LIMITS[platform]) out.push(PostMessages.hashtagLimit(platform, own, HASHTAG_LIMITS[platform]));
    }
  }
  out.push(...pinProblems(accounts, versions, fields.title ?? null, draft));
  const youtube = platforms.includes("youtube");
  if (!draft && youtube && (fields.title ?? "").length > YOUTUBE_TITLE_MAX) out.push(PostMessages.youtubeTitleLong);
  for (const c of fields.channels)
    if (!draft && c.platform === "youtube" && (c.title ?? "").length > YOUTUBE_TITLE_MAX)
      out.push(PostMessages.youtubeTitleLong);
  const timeZone = fields.timezone ?? ctx.timeZone;
  const at = scheduledInstant(fields.scheduledDate, timeZone);
  if (at === null || Number.isNaN(at)) out.push(PostMessages.scheduleInvalid);
  else if (at !== undefined && at > ctx.now + SCHEDULE_MAX_AHEAD_MS) out.push(PostMessages.scheduleTooFar);
  if (draft) return out;

  const ids = mediaIdsOf(fields);
  if (ids.length === 0 && ctx.mediaRequired) out.push(PostMessages.mediaRequired);
  else if (ids.length === 0)
    for (const p of MEDIA_ONLY) if (platforms.includes(p)) out.push(PostMessages.platformMedia(p));
  if (youtube && !ids.some((i) => ctx.mediaKind(i) === "video")) out.push(PostMessages.youtubeVideo);
  const channels = accounts.filter((a) => a.platform === "youtube");
  const untitled = channels.length
    ? channels.some((a) => !(versions.get(channelKey("youtube", a.accountId))?.title ?? fields.title))
    : !fields.title;
  if (youtube && untitled) out.push(PostMessages.youtubeTitle);
  for (const p of ACCOUNT_REQUIRED) {
    if (platforms.includes(p) && (fields.selectedAccounts[p] ?? []).length === 0)
      out.push(PostMessages.accountRequired(p));
  }
  if (!fields.publishNow) {
    if (at === undefined) out.push(PostMessages.scheduleRequired);
    else if (at !== null && at < ctx.now - SCHEDULE_GRACE_MS) out.push(PostMessages.schedulePast);
  }
  return out;
}

/** The composer's schema: fields plus every rule, the first message being what the user sees. */
export function postSchema(ctx: PostRuleContext) {
  return postFieldsSchema.superRefine((fields, zc) => {
    for (const message of postProblems(fields, ctx)) zc.addIssue({ code: "custom", message });
  });
}

/** Whether saving these fields schedules or publishes (which a contributor may not do). */
export const schedules = (fields: Pick<PostFields, "status" | "publishNow" | "scheduledDate">) =>
  fields.publishNow === true || intentOf(fields) === "scheduled";
