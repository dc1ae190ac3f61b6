import { type EmuContext, emuSetting } from "../context";
import { numericId } from "../ids";
import { audienceOf, followerCount, postMetrics } from "../metrics";
import { createObject, type EmuObject, getObject, listObjects, updateObject } from "../objects";
import { download } from "../web";
import { commentsUnder, igCommentJson } from "./comments";
import type { DemoIgAccount } from "./demo";
import { fieldsOf, GraphError, graphTime, objectNotFound, pick } from "./graph-core";
import { FORMAT_METRICS, formatMetricValues, judgeVideo, storiesJson, storyExpired } from "./ig-formats";

/**
 * Instagram content publishing, insights and comments (PLATFORMS.md §2.2–2.4), identical on
 * graph.facebook.com (Facebook Login) and graph.instagram.com (Instagram Login).
 *
 * Media by URL is downloaded (./web.ts) and judged by its bytes, as Meta does: an image at container
 * creation (an unreachable link, a refused or expired one, or a file that is not a JPEG fails there), a
 * video while the container processes (the container's status becomes ERROR).
 */
const STORE = "instagram";
export const IG_CAPTION_MAX = 2200;
export const IG_HASHTAG_MAX = 30;
const DAY = 86_400_000;
const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const CONTAINER_TTL_MS = DAY;
const INSIGHT_METRICS = [
  "reach",
  "likes",
  "comments",
  "shares",
  "saved",
  "views",
  "total_interactions",
  "follows",
  "profile_visits",
];
const DEPRECATED_METRICS = [
  "impressions",
  "plays",
  "clips_replays_count",
  "ig_reels_aggregated_all_plays_count",
  "video_views",
];
const downloadFailed = (raw: string) =>
  new GraphError(
    400,
    "Only photo or video can be accepted as media type.",
    9004,
    2207052,
    "Media download has failed",
    `The media could not be fetched from this uri: ${raw}`,
  );

/** A Story's image is shown full screen: the feed's 4:5 to 1.91:1 rule is not its rule. */
async function checkImage(c: EmuContext, raw: string, feedAspect = true) {
  const got = await download(c, raw, "image");
  if (!got.ok) throw downloadFailed(raw);
  if (got.type !== "image/jpeg") {
    throw new GraphError(
      400,
      "Only photo or video can be accepted as media type.",
      9004,
      2207052,
      "Unsupported image format",
      "The image format is not supported. Only JPEG images can be published.",
    );
  }
  if (got.size > IMAGE_MAX_BYTES) {
    throw new GraphError(
      400,
      "The image is too large to download. It should be less than 8 MiB.",
      36000,
      2207004,
      "Image is too large",
      "The image is too large to download. It should be less than 8 MiB.",
    );
  }
  if (feedAspect && got.width && got.height) {
    const ratio = got.width / got.height;
    if (ratio < 0.8 - 1e-3 || ratio > 1.91 + 1e-3) {
      throw new GraphError(
        400,
        "The aspect ratio is not supported.",
        36003,
        2207009,
        "Unsupported aspect ratio",
        `The submitted image with aspect ratio ('${got.width}/${got.height}') cannot be published. Please submit an image with a valid aspect ratio (between 4:5 and 1.91:1).`,
      );
    }
  }
}

function checkCaption(caption: string | undefined) {
  if (!caption) return;
  if ([...caption].length > IG_CAPTION_MAX) {
    throw new GraphError(
      400,
      "Invalid parameter",
      100,
      2207033,
      "Caption is too long",
      `The caption is too long. The maximum is ${IG_CAPTION_MAX} characters.`,
    );
  }
  const tags = caption.match(/#[\p{L}\p{N}_]+/gu) ?? [];
  if (tags.length > IG_HASHTAG_MAX) {
    throw new GraphError(
      400,
      "Invalid parameter",
      100,
      2207034,
      "Too many hashtags",
      `The caption contains ${tags.length} hashtags. The maximum is ${IG_HASHTAG_MAX}.`,
    );
  }
}

function statusCode(obj: EmuObject, now: number): string {
  if (obj.status === "PUBLISHED") return "PUBLISHED";
  if (obj.data.error) return "ERROR";
  if (now - obj.createdAt > CONTAINER_TTL_MS) return "EXPIRED";
  return obj.readyAt !== null && now >= obj.readyAt ? "FINISHED" : "IN_PROGRESS";
}

export async function createContainer(c: EmuContext, owner: DemoIgAccount, p: Record<string, string>) {
  const { db, now } = c.var;
  const isChild = p.is_carousel_item === "true";
  const type = (p.media_type ?? "IMAGE").toUpperCase();
  let readyAt = now;
  let children: string[] = [];
  let error: string | null = null;
  if (type === "CAROUSEL") {
    children = (p.children ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (children.length < 2 || children.length > 10)
      throw new GraphError(400, "(#100) The carousel must have between 2 and 10 children.", 100);
    for (const id of children) {
      const child = await getObject(db, STORE, id);
      if (child?.kind !== "container" || child.owner !== owner.id || !child.data.isCarouselItem) {
        throw new GraphError(400, `(#100) Param children contains an invalid media container id: ${id}`, 100);
      }
      readyAt = Math.max(readyAt, child.readyAt ?? now);
      error ??= (child.data.error as string | null) ?? null;
    }
    checkCaption(p.caption);
  } else if (type === "REELS" || type === "STORIES" || (type === "VIDEO" && isChild)) {
    if (p.video_url) {
      const processing = await judgeVideo(c, p.video_url, isChild ? "VIDEO" : type, p);
      error = processing.error;
      readyAt = now + processing.ms;
    } else if (type === "STORIES" && p.image_url) await checkImage(c, p.image_url, false);
    else throw new GraphError(400, "(#100) The parameter video_url is required", 100);
    if (!isChild) checkCaption(p.caption);
  } else if (type === "VIDEO") {
    throw new GraphError(
      400,
      "(#100) The VIDEO media type is no longer supported for feed videos. Use REELS.",
      100,
      2207067,
    );
  } else if (type === "IMAGE") {
    if (!p.image_url) throw new GraphError(400, "(#100) The parameter image_url is required", 100);
    await checkImage(c, p.image_url);
    if (!isChild) checkCaption(p.caption);
  } else {
    throw new GraphError(400, `(#100) Invalid media_type: ${type}`, 100);
  }
  const id = numericId();
  await createObject(db, {
    id,
    platform: STORE,
    kind: "container",
    owner: owner.id,
    createdAt: now,
    readyAt,
    data: {
      mediaType: type,
      isCarouselItem: isChild,
      caption: p.caption ?? "",
      altText: p.alt_text ?? null,
      imageUrl: p.image_url ?? null,
      videoUrl: p.video_url ?? null,
      children,
      error,
      // Reels: whether the reel also shows in the feed (default true), its cover and thumbnail frame.
      shareToFeed: p.share_to_feed !== "false",
      coverUrl: p.cover_url ?? null,
      thumbOffset: p.thumb_offset ?? null,
    },
  });
  return { id };
}

export async function publishContainer(c: EmuContext, owner: DemoIgAccount, p: Record<string, string>) {
  const { db, now } = c.var;
  const id = p.creation_id;
  if (!id) throw new GraphError(400, "(#100) The parameter creation_id is required", 100);
  const container = await getObject(db, STORE, id);
  if (container?.kind !== "container" || container.owner !== owner.id) throw objectNotFound(id);
  if (container.data.isCarouselItem)
    throw new GraphError(400, "(#100) A carousel item cannot be published on its own", 100);
  const status = statusCode(container, now);
  if (status === "PUBLISHED") throw new GraphError(400, "(#100) This media has already been published", 100, 2207006);
  if (status === "EXPIRED")
    throw new GraphError(
      400,
      "The media container has expired.",
      -2,
      2207020,
      "Media expired",
      "The media has expired. Please create a new container.",
    );
  if (status !== "FINISHED") {
    throw new GraphError(
      400,
      "Media ID is not available",
      9007,
      2207027,
      "Media is not ready",
      "The media is not ready for publishing, please wait for a moment.",
    );
  }
  const recent = await listObjects(db, STORE, "media", owner.id, { since: now - DAY, limit: 1000 });
  if (recent.length >= (await emuSetting(db, "instagramQuotaTotal"))) {
    throw new GraphError(
      400,
      "Application request limit reached",
      9,
      2207042,
      "Maximum posts reached",
      "You reached the maximum number of posts that is allowed to be published by Content Publishing API.",
    );
  }
  const mediaId = numericId();
  const type = String(container.data.mediaType);
  const shortcode = mediaId.slice(-11);
  await createObject(db, {
    id: mediaId,
    platform: STORE,
    kind: "media",
    owner: owner.id,
    createdAt: now,
    data: {
      // A Story shows no caption.
      caption: type === "STORIES" ? "" : container.data.caption,
      mediaType:
        type === "CAROUSEL" ? "CAROUSEL_ALBUM" : type === "REELS" || container.data.videoUrl ? "VIDEO" : "IMAGE",
      productType: type === "REELS" ? "REELS" : type === "STORIES" ? "STORY" : "FEED",
      permalink:
        type === "STORIES"
          ? `https://www.instagram.com/stories/${owner.username}/${mediaId}/`
          : `https://www.instagram.com/${type === "REELS" ? "reel" : "p"}/${shortcode}/`,
      shareToFeed: container.data.shareToFeed ?? true,
      children: container.data.children,
      username: owner.username,
    },
  });
  await updateObject(db, STORE, id, { status: "PUBLISHED", data: { ...container.data, publishedId: mediaId } });
  return { id: mediaId };
}

function mediaJson(obj: EmuObject, now: number) {
  const m = postMetrics(obj.id, obj.createdAt, now);
  return {
    id: obj.id,
    caption: obj.data.caption,
    media_type: obj.data.mediaType,
    media_product_type: obj.data.productType,
    permalink: obj.data.permalink,
    shortcode: obj.data.productType === "STORY" ? undefined : String(obj.data.permalink).split("/").at(-2),
    timestamp: graphTime(obj.createdAt),
    username: obj.data.username,
    like_count: m.likes,
    comments_count: m.comments,
    owner: { id: obj.owner },
  };
}

/** GET /{id} for a container or a published media object. */
export function readObject(c: EmuContext, obj: EmuObject, p: Record<string, string>) {
  if (obj.kind === "container") {
    const status = statusCode(obj, c.var.now);
    const all = {
      id: obj.id,
      status_code: status,
      status:
        status === "FINISHED"
          ? "Finished: Media has been uploaded and it is ready to be published."
          : status === "ERROR"
            ? String(obj.data.error)
            : status,
    };
    return pick(all, fieldsOf(p, ["id"]));
  }
  return pick(mediaJson(obj, c.var.now), fieldsOf(p, ["id"]));
}

export async function listMedia(c: EmuContext, owner: DemoIgAccount, p: Record<string, string>) {
  const limit = Math.min(Number(p.limit ?? 25) || 25, 100);
  const since = p.since ? Number(p.since) * 1000 : 0;
  const rows = await listObjects(c.var.db, STORE, "media", owner.id, { since, limit });
  const fields = fieldsOf(p, ["id"]);
  // Stories are not on the media edge; /stories lists them while they live.
  return {
    data: rows.filter((r) => r.data.productType !== "STORY").map((r) => pick(mediaJson(r, c.var.now), fields)),
    paging: { cursors: { before: "", after: "" } },
  };
}

/** GET /{ig-user-id}/stories. */
export async function listStories(c: EmuContext, owner: DemoIgAccount, p: Record<string, string>) {
  const rows = await listObjects(c.var.db, STORE, "media", owner.id, { since: c.var.now - DAY, limit: 100 });
  const fields = fieldsOf(p, ["id"]);
  return {
    data: storiesJson(rows, c.var.now, (r) => pick(mediaJson(r, c.var.now), fields)),
    paging: { cursors: { before: "", after: "" } },
  };
}

export function mediaInsights(c: EmuContext, obj: EmuObject, p: Record<string, string>) {
  const metrics = (p.metric ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (metrics.length === 0) throw new GraphError(400, "(#100) The parameter metric is required", 100);
  for (const name of metrics) {
    if (DEPRECATED_METRICS.includes(name) || ![...INSIGHT_METRICS, ...FORMAT_METRICS].includes(name)) {
      throw new GraphError(
        400,
        `(#100) metric[0] must be one of the following values: ${INSIGHT_METRICS.join(", ")}`,
        100,
      );
    }
  }
  const m = postMetrics(obj.id, obj.createdAt, c.var.now);
  const value: Record<string, number> = {
    ...formatMetricValues(obj, c.var.now, metrics),
    reach: m.reach,
    likes: m.likes,
    comments: m.comments,
    shares: m.shares,
    saved: m.saves,
    views: m.views,
    total_interactions: m.likes + m.comments + m.shares + m.saves,
    follows: Math.floor(m.reach / 200),
    profile_visits: Math.floor(m.reach / 40),
  };
  // Data not available yet (or no longer: a Story's insights last its 24 hours) is an empty list, not zeros (§2.4).
  if (m.reach === 0 || storyExpired(obj, c.var.now)) return { data: [] };
  return {
    data: metrics.map((name) => ({
      name,
      period: "lifetime",
      values: [{ value: value[name] }],
      title: name,
      description: name,
      id: `${obj.id}/insights/${name}/lifetime`,
    })),
  };
}

/** IG Comments: POST /{ig-media-id}/comments with `message` → {id}; the account comments on its own media. */
export async function createComment(c: EmuContext, obj: EmuObject, p: Record<string, string>) {
  if (!p.message?.trim()) throw new GraphError(400, "(#100) The parameter message is required", 100);
  if ([...p.message].length > IG_CAPTION_MAX)
    throw new GraphError(400, `(#100) The comment must be at most ${IG_CAPTION_MAX} characters`, 100);
  const id = numericId();
  await createObject(c.var.db, {
    id,
    platform: STORE,
    kind: "comment",
    owner: obj.owner,
    createdAt: c.var.now,
    data: { replyTo: obj.id, text: p.message, author: `@${String(obj.data.username)}` },
  });
  return { id };
}

export async function mediaComments(c: EmuContext, obj: EmuObject) {
  return { data: (await commentsUnder(c.var.db, STORE, obj, c.var.now)).map(igCommentJson) };
}

export async function publishingLimit(c: EmuContext, owner: DemoIgAccount) {
  const used = await listObjects(c.var.db, STORE, "media", owner.id, { since: c.var.now - DAY, limit: 1000 });
  const total = await emuSetting(c.var.db, "instagramQuotaTotal");
  return { data: [{ quota_usage: used.length, config: { quota_total: total, quota_duration: 86400 } }] };
}

export async function userInsights(c: EmuContext, owner: DemoIgAccount, p: Record<string, string>) {
  const metrics = (p.metric ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const posts = await listObjects(c.var.db, STORE, "media", owner.id, { since: c.var.now - 30 * DAY, limit: 1000 });
  const sum = { reach: 0, views: 0, likes: 0, comments: 0, shares: 0, saves: 0 };
  for (const post of posts) {
    const m = postMetrics(post.id, post.createdAt, c.var.now);
    sum.reach += m.reach;
    sum.views += m.views;
    sum.likes += m.likes;
    sum.comments += m.comments;
    sum.shares += m.shares;
    sum.saves += m.saves;
  }
  const values: Record<string, number> = {
    ...sum,
    total_interactions: sum.likes + sum.comments + sum.shares + sum.saves,
    accounts_engaged: Math.floor(sum.reach / 10),
  };
  const audience = audienceOf(owner.id, c.var.now);
  return {
    data: metrics.map((name) => {
      if (name === "follower_demographics") {
        const breakdown = p.breakdown as "age" | "gender" | "country" | undefined;
        if (!breakdown || !(breakdown in audience))
          throw new GraphError(400, "(#100) breakdown must be one of age, city, country, gender", 100);
        const results = Object.entries(audience[breakdown]).map(([key, value]) => ({ dimension_values: [key], value }));
        return {
          name,
          period: "lifetime",
          title: name,
          description: name,
          total_value: { breakdowns: [{ dimension_keys: [breakdown], results }] },
          id: `${owner.id}/insights/${name}/lifetime`,
        };
      }
      if (name === "online_followers")
        return {
          name,
          period: "lifetime",
          title: name,
          description: name,
          values: [{ value: audience.onlineByHour, end_time: graphTime(c.var.now) }],
          id: `${owner.id}/insights/${name}/lifetime`,
        };
      return {
        name,
        period: p.period ?? "day",
        title: name,
        description: name,
        total_value: { value: values[name] ?? 0 },
        id: `${owner.id}/insights/${name}/${p.period ?? "day"}`,
      };
    }),
  };
}

export function userFields(c: EmuContext, account: DemoIgAccount, p: Record<string, string>, mediaCount: number) {
  const all = {
    id: account.id,
    user_id: account.id,
    username: account.username,
    name: account.name,
    account_type: account.accountType,
    profile_picture_url: account.picture,
    followers_count: followerCount(account.id, c.var.now),
    follows_count: 180,
    media_count: mediaCount,
  };
  return pick(all, fieldsOf(p, ["id", "username"]));
}

export async function mediaCountOf(c: EmuContext, owner: string) {
  return (await listObjects(c.var.db, STORE, "media", owner, { limit: 1000 })).length;
}

export async function findIgObject(c: EmuContext, id: string) {
  return getObject(c.var.db, STORE, id);
}
