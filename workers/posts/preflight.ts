import type { AccountStatus } from "../db/schema/accounts";
import type { MediaKind } from "../db/schema/media";
import { megabytes, needsPreparing, prepareMessage } from "../media";
import { PLATFORM_NAMES, PLATFORM_PROFILES, type Platform } from "../platform-profile";
import { pinMediaProblems, type TikTokCreator, tiktokSettingProblems } from "../platforms";
import { captionLength, characterLimitFor } from "./caption-length";
import { ChannelMessages, effectiveVersion, type StoredVersion } from "./channel-version";
import { formatProblems, type PostFormat } from "./formats";
import { type LocalPost, localPostProblems } from "./local-post";
import { allHashtags, captionOf, HASHTAG_LIMITS, PostMessages } from "./rules";

export interface PreflightAccount {
  id: string;
  platform: Platform;
  username: string;
  status: AccountStatus;
  tokenExpiresAt: number | null;
  /** Limits the account's own server sets (a Mastodon instance, ADR 059), over the platform's defaults. */
  limits?: AccountLimits | null;
  /** A TikTok account's creator_info as last read (what it may post: privacy options, switches, longest video). */
  tiktokCreator?: TikTokCreator | null;
}

export interface AccountLimits {
  maxCharacters?: number;
  maxMediaAttachments?: number;
  imageSizeLimit?: number;
  videoSizeLimit?: number;
}

export interface PreflightMedia {
  id: string;
  originalName: string;
  fileType: MediaKind;
  format: string;
  size: number;
  width: number | null;
  height: number | null;
  duration: number | null;
}

export interface PreflightInput {
  content: string;
  hashtags: string[];
  platforms: Platform[];
  targets: Array<{ platform: Platform; accountId: string; version?: StoredVersion | null }>;
  /** Every media item the post and its channel versions refer to; for YouTube only one video is published. */
  media: PreflightMedia[];
  /** The post's own media in order (default: all of `media`). */
  baseMediaIds?: string[];
  youtubeVideoId?: string | null;
}

/** One thing that would stop a channel from publishing; accountId is null for a platform-wide problem. */
export interface Problem {
  platform: Platform;
  accountId: string | null;
  message: string;
  /** An image the network takes once prepared for it (ADR 088): the composer prepares it instead of refusing. */
  prepare?: string;
}

/** A problem's text, and the image it is about when preparing that image would settle it. */
type Finding = { message: string; prepare?: string };
const said = (message: string): Finding => ({ message });

const ratio = (m: PreflightMedia) => (m.width && m.height ? m.width / m.height : null);
const fmt = (n: number) => String(Math.round(n * 100) / 100);
const upper = (s: string) => s.toUpperCase();

/** Media problems of one platform's rules (PLATFORMS.md). */
function mediaProblems(
  platform: Platform,
  items: PreflightMedia[],
  limits?: AccountLimits | null,
  format: PostFormat = "feed",
): Finding[] {
  // A Reel or a Story has its own count and shape rules (formats.ts): only the file rules of the feed apply.
  const feed = PLATFORM_PROFILES[platform].media;
  const defaults =
    format === "feed"
      ? feed
      : { ...feed, maxItems: Number.POSITIVE_INFINITY, imageAspect: undefined, videoAspect: undefined };
  const rules = {
    ...defaults,
    maxItems: limits?.maxMediaAttachments ?? defaults.maxItems,
    maxImageBytes: limits?.imageSizeLimit ?? defaults.maxImageBytes,
    maxVideoBytes: limits?.videoSizeLimit ?? defaults.maxVideoBytes,
  };
  const name = PLATFORM_NAMES[platform];
  const out: string[] = [];
  const prepared: Finding[] = [];
  if (items.length > rules.maxItems)
    out.push(`${name} accepts at most ${rules.maxItems} media ${rules.maxItems === 1 ? "item" : "items"} per post`);
  const kinds = new Set(items.map((m) => m.fileType));
  if (!rules.mixed && kinds.size > 1) out.push(`${name} cannot mix images and videos in one post`);
  const videos = items.filter((m) => m.fileType === "video").length;
  if (rules.maxVideos !== undefined && videos > rules.maxVideos)
    out.push(`${name} accepts ${rules.maxVideos === 1 ? "one video" : `${rules.maxVideos} videos`} per post`);
  for (const m of items) {
    const r = ratio(m);
    const facts = m.width && m.height ? { ...m, width: m.width, height: m.height } : null;
    if (m.fileType === "image" && format === "feed" && facts && needsPreparing(platform, facts))
      prepared.push({ message: prepareMessage(platform, m.originalName, facts), prepare: m.id });
    else if (m.fileType === "image") {
      if (rules.videoOnly) out.push(`${name} publishes videos only: ${m.originalName} is an image`);
      else if (!rules.imageFormats.includes(m.format))
        out.push(
          `${name} accepts ${rules.imageFormats.map(upper).join(", ")} images only: ${m.originalName} is ${upper(m.format)}`,
        );
      else if (m.size > rules.maxImageBytes)
        out.push(`${m.originalName} is too large for ${name} (max ${megabytes(rules.maxImageBytes)}MB)`);
      else if (rules.imageAspect && r !== null && (r < rules.imageAspect[0] || r > rules.imageAspect[1]))
        out.push(
          `${m.originalName} has an aspect ratio of ${fmt(r)}; ${name} accepts ${rules.imageAspect[0]} to ${rules.imageAspect[1]}`,
        );
    } else {
      // A network with no video format at all (Business Profile posts) is said so, not as an empty list.
      if (rules.videoFormats.length === 0)
        out.push(`${name} posts take photos, not videos: replace ${m.originalName} with a photo`);
      else if (!rules.videoFormats.includes(m.format))
        out.push(
          `${name} accepts ${rules.videoFormats.map(upper).join(", ")} videos only: ${m.originalName} is ${upper(m.format)}`,
        );
      else if (m.size > rules.maxVideoBytes)
        out.push(`${m.originalName} is too large for ${name} (max ${megabytes(rules.maxVideoBytes)}MB)`);
      else if (rules.maxVideoSeconds !== undefined && m.duration !== null && m.duration > rules.maxVideoSeconds)
        out.push(
          `${m.originalName} is ${Math.round(m.duration)}s long; ${name} accepts videos up to ${rules.maxVideoSeconds}s`,
        );
      else if (rules.maxVideoWidth !== undefined && m.width !== null && m.width > rules.maxVideoWidth)
        out.push(`${m.originalName} is ${m.width}px wide; ${name} accepts videos up to ${rules.maxVideoWidth}px`);
      else if (rules.videoAspect && r !== null && (r < rules.videoAspect[0] || r > rules.videoAspect[1]))
        out.push(
          `${m.originalName} has an aspect ratio of ${fmt(r)}; ${name} accepts ${rules.videoAspect[0]} to ${rules.videoAspect[1]}`,
        );
    }
  }
  return [...out.map(said), ...prepared];
}

/** What one version of the post would publish on a platform: the caption and parts, hashtags and media. */
function contentProblems(
  platform: Platform,
  version: {
    parts: string[];
    tags: number;
    media: PreflightMedia[];
    youtubeVideoId: string | null;
    format?: PostFormat;
    firstComment?: string | null;
    localPost?: LocalPost;
    /** Mastodon's spoiler_text: every status of the channel carries it, and it counts toward each one's limit. */
    contentWarning?: string;
  },
  limits?: AccountLimits | null,
): Finding[] {
  const format = version.format ?? "feed";
  const out: string[] = [];
  // A Business Profile channel without a chosen type is a standard post (ADR 065).
  if (platform === "google_business")
    out.push(...localPostProblems(version.localPost ?? { topicType: "STANDARD" }, version.parts[0] ?? ""));
  const max =
    limits?.maxCharacters ??
    characterLimitFor(
      platform,
      version.media.map((m) => m.fileType),
    );
  const cw = version.contentWarning;
  version.parts.forEach((part, i) => {
    const length = captionLength(platform, part, cw);
    if (length <= max) return;
    out.push(
      version.parts.length === 1
        ? PostMessages.platformLimit(platform, length, max, cw)
        : ChannelMessages.partLimit(platform, i + 1, length, max, cw),
    );
  });
  // A server's own limit (Mastodon) holds the first comment too; rules.ts checks it on the other networks.
  if (PLATFORM_PROFILES[platform].limitsPerAccount && version.firstComment) {
    const length = captionLength(platform, version.firstComment, cw);
    if (length > max) out.push(ChannelMessages.commentLimit(platform, length, max, cw));
  }
  const maxTags = HASHTAG_LIMITS[platform];
  if (version.tags > maxTags) out.push(PostMessages.hashtagLimit(platform, version.tags, maxTags));
  const items =
    platform === "youtube"
      ? version.media
          .filter((m) => m.id === version.youtubeVideoId)
          .concat(version.youtubeVideoId ? [] : version.media.filter((m) => m.fileType === "video").slice(0, 1))
      : version.media;
  if (platform === "youtube" && items.length === 0) out.push(PostMessages.youtubeVideo);
  out.push(...formatProblems(platform, format, items, { firstComment: Boolean(version.firstComment) }));
  if (platform === "pinterest") out.push(...pinMediaProblems(items.map((m) => m.fileType)));
  return [...out.map(said), ...mediaProblems(platform, items, limits, format)];
}

/** TikTok's required settings of one channel, held to what its creator may post (creator_info). */
function tiktokProblems(
  t: PreflightInput["targets"][number],
  accounts: Map<string, PreflightAccount>,
  mediaById: Map<string, PreflightMedia>,
  base: Parameters<typeof effectiveVersion>[0],
): string[] {
  const v = effectiveVersion(base, { platform: "tiktok", version: t.version ?? {} });
  const video = v.mediaIds.flatMap((id) => mediaById.get(id) ?? []).find((m) => m.fileType === "video");
  const creator = accounts.get(t.accountId)?.tiktokCreator ?? null;
  return tiktokSettingProblems(t.version?.options ?? {}, creator, video ? (video.duration ?? 0) : null);
}

/**
 * Everything that would make a channel fail, checked before the post is scheduled: the account is the
 * user's, connected and its token unexpired; the caption, hashtags and media fit the platform. A channel
 * with its own version (ADR 021) is checked on that version, its problems naming its account. Pure.
 */
export function preflight(input: PreflightInput, accounts: PreflightAccount[], now: number): Problem[] {
  const problems: Problem[] = [];
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const mediaById = new Map(input.media.map((m) => [m.id, m]));
  const baseIds = input.baseMediaIds ?? input.media.map((m) => m.id);
  const base = { content: input.content, hashtags: input.hashtags, mediaIds: baseIds, title: null };
  const baseVersion = {
    parts: [captionOf(input.content, input.hashtags)],
    tags: allHashtags(input.content, input.hashtags).length,
    media: baseIds.flatMap((id) => mediaById.get(id) ?? []),
    youtubeVideoId: input.youtubeVideoId ?? null,
  };
  for (const platform of input.platforms) {
    const name = PLATFORM_NAMES[platform];
    const add = (found: string | Finding, accountId: string | null = null) =>
      problems.push({ platform, accountId, ...(typeof found === "string" ? said(found) : found) });
    const targets = input.targets.filter((t) => t.platform === platform);
    if (targets.length === 0) add(PostMessages.accountRequired(platform));
    for (const t of targets) {
      const account = byId.get(t.accountId);
      if (!account || account.platform !== platform)
        add(`${name} account not found. Please reconnect it in Settings.`, t.accountId);
      else if (account.status !== "connected" || (account.tokenExpiresAt !== null && account.tokenExpiresAt <= now))
        add(`Your ${name} account @${account.username} needs to be reconnected.`, t.accountId);
    }
    // An account whose server sets its own limits is checked on them, its problems naming it (ADR 059).
    const limitsOf = (t: { accountId: string }) => byId.get(t.accountId)?.limits ?? null;
    if (targets.length === 0 || targets.some((t) => !t.version && !limitsOf(t)))
      for (const message of contentProblems(platform, baseVersion)) add(message);
    for (const t of targets) {
      if (!t.version) {
        if (limitsOf(t))
          for (const message of contentProblems(platform, baseVersion, limitsOf(t))) add(message, t.accountId);
        continue;
      }
      const v = effectiveVersion(base, { platform, version: t.version });
      const own = {
        parts: v.parts,
        tags: v.customized ? allHashtags(v.caption, []).length : baseVersion.tags,
        media: v.mediaIds.flatMap((id) => mediaById.get(id) ?? []),
        youtubeVideoId: t.version.media ? null : baseVersion.youtubeVideoId,
        format: v.options.format,
        firstComment: v.firstComment,
        localPost: v.options.localPost,
        contentWarning: v.options.contentWarning,
      };
      for (const message of contentProblems(platform, own, limitsOf(t))) add(message, t.accountId);
    }
    if (platform === "tiktok")
      for (const t of targets)
        for (const message of tiktokProblems(t, byId, mediaById, base)) add(message, t.accountId);
  }
  return problems;
}
