import type { EmuContext } from "../context";
import { numericId } from "../ids";
import { postMetrics } from "../metrics";
import { createObject, deleteObject, type EmuObject, getObject, listObjects, updateObject } from "../objects";
import { download, videoFacts } from "../web";
import type { DemoPage } from "./demo";
import {
  fieldsOf,
  GraphError,
  graphTime,
  lifetimeInsights,
  objectNotFound,
  pick,
  videoProcessingMs,
} from "./graph-core";

/**
 * Facebook Page Reels and Stories (Video API: Reels Publishing guide, Page Stories): an upload session started on
 * `/{page-id}/video_reels` or `/video_stories`, the bytes sent to rupload.facebook.com (or pulled from `file_url`),
 * then `upload_phase=finish`. A photo Story publishes an unpublished Page photo by `photo_id`. From the guide:
 * a Reel is 3 to 90 seconds, 9:16, at least 540×960; a Story video at most 60 seconds; 30 API-published Reels per
 * Page in a moving 24 hours; a Story is shown for 24 hours, then archived.
 */
const STORE = "facebook";
const DAY = 86_400_000;
const REELS_PER_DAY = 30;
const RULES = {
  reel: { seconds: [3, 90], what: "Reels" },
  story: { seconds: [3, 60], what: "Stories" },
} as const;
type Kind = keyof typeof RULES;

/** Video API error 6000 (session and processing): the file does not meet the format's specification. */
const badFile = (why: string) =>
  new GraphError(
    400,
    "There was a problem uploading your video file. Please try again with another file.",
    6000,
    undefined,
    "Video not accepted",
    why,
  );

/** The upload session's status object (Video API's VideoStatus). */
function statusJson(obj: EmuObject, now: number) {
  const d = obj.data;
  const uploaded = Boolean(d.uploaded);
  const processed = uploaded && !d.error && now >= (obj.readyAt ?? now);
  const published = obj.status === "PUBLISHED";
  return {
    video_status: d.error ? "error" : published || processed ? "ready" : uploaded ? "processing" : "upload_incomplete",
    uploading_phase: { status: uploaded ? "complete" : "not_started" },
    processing_phase: d.error
      ? { status: "error", errors: [{ code: 6000, message: String(d.error) }] }
      : { status: processed ? "complete" : uploaded ? "in_progress" : "not_started" },
    publishing_phase: published
      ? { status: "complete", publish_status: "published", publish_time: Math.floor(obj.createdAt / 1000) }
      : { status: "not_started" },
  };
}

/** What a published Reel (a post and a video) answers for `status` and `post_id`. */
export const publishedReelFields = (reel: EmuObject) =>
  reel.data.type === "reel"
    ? {
        post_id: reel.id,
        status: {
          video_status: "ready",
          uploading_phase: { status: "complete" },
          processing_phase: { status: "complete" },
          publishing_phase: {
            status: "complete",
            publish_status: "published",
            publish_time: Math.floor(reel.createdAt / 1000),
          },
        },
      }
    : {};

/** Why a video breaks the format's rules, or null; an unreadable container is not judged on its length. */
async function judge(c: EmuContext, kind: Kind, url: string, size: number): Promise<string | null> {
  const facts = await videoFacts(c, url, size);
  if (!facts) return null;
  const [min, max] = RULES[kind].seconds;
  if (facts.durationSec < min || facts.durationSec > max)
    return `${RULES[kind].what} must be ${min} to ${max} seconds long; this video is ${Math.round(facts.durationSec * 10) / 10} seconds.`;
  const ratio = facts.width / facts.height;
  if (Math.abs(ratio - 9 / 16) > 0.01)
    return `${RULES[kind].what} must be 9:16; this video is ${facts.width}x${facts.height}.`;
  if (facts.width < 540 || facts.height < 960)
    return `${RULES[kind].what} must be at least 540x960 pixels; this video is ${facts.width}x${facts.height}.`;
  return null;
}

/** POST /{page-id}/video_reels or /video_stories: `upload_phase=start` or `finish`. */
async function uploadPhase(c: EmuContext, page: DemoPage, kind: Kind, p: Record<string, string>) {
  const { db, now } = c.var;
  if (p.upload_phase === "start") {
    const id = numericId(16);
    await createObject(db, {
      id,
      platform: STORE,
      kind: "upload",
      owner: page.id,
      createdAt: now,
      data: { format: kind, uploaded: false, error: null },
    });
    const ver = c.req.path.match(/\/(v\d+\.\d+)\//)?.[1] ?? "v21.0";
    return { video_id: id, upload_url: `https://rupload.facebook.com/video-upload/${ver}/${id}` };
  }
  if (p.upload_phase !== "finish") throw new GraphError(400, "(#100) upload_phase must be one of start, finish", 100);
  const session = p.video_id ? await getObject(db, STORE, p.video_id) : null;
  if (session?.kind !== "upload" || session.owner !== page.id || session.data.format !== kind)
    throw new GraphError(400, "(#100) Invalid video_id", 100);
  if (session.status === "PUBLISHED") throw new GraphError(400, "(#100) This video has already been published", 100);
  if (!session.data.uploaded) throw new GraphError(400, "(#100) The video has not been uploaded", 100);
  if (session.data.error) throw badFile(String(session.data.error));
  if (kind === "reel") {
    if (p.video_state && p.video_state !== "PUBLISHED" && p.video_state !== "DRAFT")
      throw new GraphError(400, "(#100) video_state must be one of PUBLISHED, DRAFT, SCHEDULED", 100);
    if (p.video_state !== "PUBLISHED") return { success: true };
    const recent = await listObjects(db, STORE, "post", page.id, { since: now - DAY, limit: 1000 });
    if (recent.filter((r) => r.data.type === "reel").length >= REELS_PER_DAY)
      throw new GraphError(400, "(#4) Application request limit reached: 30 reels per Page in 24 hours", 4);
  }
  // A Reel is its video: the session becomes the Page's post under the same id. A Story is a post of its own.
  if (kind === "reel") {
    await deleteObject(db, STORE, session.id);
    await publishPost(c, page, session.id, kind, p.description ?? "", session.id, "video");
    return { success: true };
  }
  const postId = `${page.id}_${numericId(16)}`;
  await publishPost(c, page, postId, kind, "", session.id, "video");
  await updateObject(db, STORE, session.id, { status: "PUBLISHED", data: { ...session.data, postId } });
  return { success: true, post_id: postId };
}

async function publishPost(
  c: EmuContext,
  page: DemoPage,
  id: string,
  kind: Kind,
  message: string,
  mediaId: string,
  mediaType: "video" | "photo",
) {
  await createObject(c.var.db, {
    id,
    platform: STORE,
    kind: "post",
    owner: page.id,
    createdAt: c.var.now,
    data: { type: kind, message, mediaId, mediaType },
  });
}

/** The Page edges of Reels and Stories; null when `edge` is not one of them. */
export async function formatEdge(c: EmuContext, page: DemoPage, edge: string, p: Record<string, string>) {
  const { db, now } = c.var;
  const post = c.req.method === "POST";
  if (post && edge === "video_reels") return uploadPhase(c, page, "reel", p);
  if (post && edge === "video_stories") return uploadPhase(c, page, "story", p);
  if (post && edge === "photo_stories") {
    const photo = p.photo_id ? await getObject(db, STORE, p.photo_id) : null;
    if (photo?.kind !== "photo" || photo.owner !== page.id || photo.data.pageStoryId)
      throw new GraphError(400, "(#100) Invalid photo_id: an unpublished photo of this Page is required", 100);
    const postId = `${page.id}_${numericId(16)}`;
    await publishPost(c, page, postId, "story", "", photo.id, "photo");
    await updateObject(db, STORE, photo.id, { data: { ...photo.data, pageStoryId: postId } });
    return { success: true, post_id: postId };
  }
  const posts = () => listObjects(db, STORE, "post", page.id, { limit: 100 });
  if (!post && edge === "video_reels") {
    const fields = fieldsOf(p, ["id", "description", "updated_time"]);
    const reels = (await posts()).filter((r) => r.data.type === "reel");
    const json = (r: EmuObject) => ({
      id: r.id,
      description: r.data.message,
      created_time: graphTime(r.createdAt),
      updated_time: graphTime(r.createdAt),
      permalink_url: `/reel/${r.id}`,
    });
    return { data: reels.map((r) => pick(json(r), fields)), paging: { cursors: { before: "", after: "" } } };
  }
  if (!post && edge === "stories") {
    const stories = (await posts()).filter((r) => r.data.type === "story");
    return {
      data: stories.map((r) => ({
        post_id: r.id,
        status: now - r.createdAt < DAY ? "PUBLISHED" : "ARCHIVED",
        creation_time: String(Math.floor(r.createdAt / 1000)),
        media_type: r.data.mediaType,
        media_id: r.data.mediaId,
        url: `https://www.facebook.com/stories/${page.id}/${r.id}`,
      })),
    };
  }
  return null;
}

/** GET or DELETE an upload session by its video id (its `status`, as the guide polls it). */
export async function uploadNodeEdge(
  c: EmuContext,
  node: EmuObject,
  edge: string | undefined,
  p: Record<string, string>,
) {
  if (edge) throw objectNotFound(`${node.id}/${edge}`);
  if (c.req.method === "DELETE") {
    await deleteObject(c.var.db, STORE, node.id);
    return { success: true };
  }
  const all = {
    id: node.id,
    status: statusJson(node, c.var.now),
    post_id: node.data.postId ?? undefined,
    published: node.status === "PUBLISHED",
  };
  return pick(all, fieldsOf(p, ["id"]));
}

/** A Reel's `video_insights` (Reels guide, Insights): plays, reach and watch time. */
export function reelInsights(c: EmuContext, reel: EmuObject, p: Record<string, string>) {
  const m = postMetrics(reel.id, reel.createdAt, c.var.now);
  const value: Record<string, unknown> = {
    blue_reels_play_count: m.views,
    post_impressions_unique: m.reach,
    post_video_avg_time_watched: 4_000 + (m.views % 9_000),
    post_video_likes_by_reaction_type: { REACTION_LIKE: m.likes },
    post_video_social_actions: { COMMENT: m.comments, SHARE: m.shares },
  };
  const metrics = (p.metric ?? Object.keys(value).join(",")).split(",").filter(Boolean);
  return lifetimeInsights(reel.id, "video_insights", metrics, value);
}

/**
 * A Page Story's insights (`/{story-post-id}/insights`, the Stories insights metrics). Graph v25's changelog renamed
 * page_story_impressions_by_story_id(_unique) to story_media_view and story_total_media_view_unique and retired
 * the old names with v26, so they are refused like any unknown metric. A Story counts only while it is shown
 * (24 hours); its numbers stay where they were once it is archived.
 */
export function storyInsights(c: EmuContext, story: EmuObject, p: Record<string, string>) {
  const m = postMetrics(story.id, story.createdAt, Math.min(c.var.now, story.createdAt + DAY));
  const value: Record<string, unknown> = {
    story_media_view: m.impressions,
    story_total_media_view_unique: m.reach,
    pages_fb_story_replies: m.comments,
    pages_fb_story_shares: m.shares,
    pages_fb_story_thread_lightweight_reactions: m.likes,
    pages_fb_story_sticker_interactions: 0,
    story_interaction: m.comments + m.shares + m.likes,
  };
  const metrics = (p.metric ?? Object.keys(value).join(",")).split(",").filter(Boolean);
  return lifetimeInsights(story.id, "insights", metrics, value);
}

/**
 * rupload.facebook.com/video-upload/{ver}/{video-id}: the bytes in the body (with `offset` and `file_size`), or a
 * hosted file named in the `file_url` header, which Meta fetches. The video is judged here, processing after.
 */
export async function receiveUpload(c: EmuContext, pageIds: Set<string>, videoId: string) {
  const { db, now } = c.var;
  const session = await getObject(db, STORE, videoId);
  if (session?.kind !== "upload" || !pageIds.has(session.owner)) return null;
  const fileUrl = c.req.header("file_url");
  let size: number;
  let error: string | null = null;
  if (fileUrl) {
    const got = await download(c, fileUrl, "video");
    if (!got.ok || !got.type?.startsWith("video/")) error = "The video file could not be fetched from file_url.";
    size = got.ok ? got.size : 0;
    if (!error) error = await judge(c, session.data.format as Kind, fileUrl, size);
  } else {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const declared = Number(c.req.header("file_size"));
    if (Number(c.req.header("offset") ?? 0) !== 0 || (declared && declared !== bytes.length))
      return { failed: "The upload was incomplete: offset and file_size must cover the whole file." };
    size = bytes.length;
  }
  await updateObject(db, STORE, videoId, {
    readyAt: now + videoProcessingMs(size),
    data: { ...session.data, uploaded: true, error, size },
  });
  return { ok: true };
}
