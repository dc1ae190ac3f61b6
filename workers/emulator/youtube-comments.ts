import type { Db } from "../db/client";
import { numericId } from "./ids";
import { postMetrics, sampleComments } from "./metrics";
import { createObject, type EmuObject, findObjects, getObject, keepObject, updateObject } from "./objects";

/**
 * YouTube comments, written from the Data API docs: `commentThreads.list` answers a video's top-level comments that
 * have the asked `moderationStatus` (published unless said), and `comments.setModerationStatus` lets the owner of
 * the video's channel hold a comment for review, publish it again or reject it (a rejected comment cannot be
 * published again). Comments grow over the emulator clock and visitors write them on demand; a comment is kept as
 * an object once it is written by a visitor or moderated, so its status survives.
 */
const P = "youtube";
const KIND = "comment";
export const MODERATION_STATUSES = ["heldForReview", "published", "rejected"] as const;
type Status = (typeof MODERATION_STATUSES)[number];

interface Comment {
  id: string;
  author: string;
  text: string;
  createdAt: number;
  status: Status;
}

/** The video's kept comments (visitors' and moderated ones), by id. */
async function keptOf(db: Db, videoId: string): Promise<Map<string, EmuObject>> {
  const rows = await findObjects(db, P, KIND, { data: { videoId } });
  return new Map(rows.map((r) => [r.id, r]));
}

/** A video's top-level comments up to `now` with the given status, newest first. */
export async function videoComments(db: Db, video: EmuObject, now: number, status: Status): Promise<Comment[]> {
  const kept = await keptOf(db, video.id);
  const m = postMetrics(video.id, video.createdAt, now);
  const grown = sampleComments(video.id, m.comments, video.createdAt).map((k) => ({
    id: `Ug${k.id}`,
    author: `@${k.author}`,
    text: k.text,
    createdAt: k.createdAt,
  }));
  const visitors = [...kept.values()]
    .filter((r) => r.data.visitor)
    .map((r) => ({ id: r.id, author: String(r.data.author), text: String(r.data.text), createdAt: r.createdAt }));
  return [...grown, ...visitors]
    .map((k) => ({ ...k, status: (kept.get(k.id)?.data.moderationStatus as Status | undefined) ?? "published" }))
    .filter((k) => k.createdAt <= now && k.status === status)
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** A visitor comments on the video now (the sandbox's on-demand comment); null when there is no such video. */
export async function addVisitorYouTubeComment(
  db: Db,
  input: { postId?: string; author: string; text: string },
  now: number,
) {
  const video = input.postId ? await getObject(db, P, input.postId) : null;
  if (video?.kind !== "video") return null;
  const id = `Ug${numericId(16)}`;
  const data = { videoId: video.id, author: `@${input.author}`, text: input.text, visitor: 1 };
  await createObject(db, { id, platform: P, kind: KIND, owner: video.owner, createdAt: now, data });
  return { id };
}

/**
 * `comments.setModerationStatus` as the channel `channelId`: the documented refusals (commentNotFound, forbidden
 * for another channel's comment, a rejected comment published again) or null once every comment has its status.
 */
export async function setModerationStatus(
  db: Db,
  channelId: string,
  ids: string[],
  status: Status,
  now: number,
): Promise<{ code: 400 | 403 | 404; reason: string; message: string } | null> {
  const found: Array<{ id: string; video: EmuObject; kept: EmuObject | null }> = [];
  for (const id of ids) {
    const kept = await getObject(db, P, id);
    const videoId = kept?.kind === KIND ? String(kept.data.videoId) : await grownVideoOf(db, id, now);
    const video = videoId ? await getObject(db, P, videoId) : null;
    if (!video) return notFound;
    if (video.owner !== channelId) return forbidden;
    if (kept?.data.moderationStatus === "rejected" && status !== "rejected") return processingFailure;
    found.push({ id, video, kept: kept?.kind === KIND ? kept : null });
  }
  for (const { id, video, kept } of found) {
    if (kept) await updateObject(db, P, id, { data: { ...kept.data, moderationStatus: status } });
    else
      await keepObject(db, {
        id,
        platform: P,
        kind: KIND,
        owner: video.owner,
        createdAt: now,
        data: { videoId: video.id, moderationStatus: status },
      });
  }
  return null;
}

/** The video a grown comment (`Ug{video id}_c{n}`) belongs to, once it has appeared by `now`. */
async function grownVideoOf(db: Db, commentId: string, now: number): Promise<string | null> {
  const videoId = commentId.match(/^Ug(.+)_c\d+$/)?.[1];
  const video = videoId ? await getObject(db, P, videoId) : null;
  if (video?.kind !== "video") return null;
  const m = postMetrics(video.id, video.createdAt, now);
  const grown = sampleComments(video.id, m.comments, video.createdAt);
  return grown.some((k) => `Ug${k.id}` === commentId && k.createdAt <= now) ? video.id : null;
}

const notFound = {
  code: 404,
  reason: "commentNotFound",
  message: "One or more of the comments that the request is trying to update cannot be found.",
} as const;
const forbidden = {
  code: 403,
  reason: "forbidden",
  message: "The moderation status of one or more comments cannot be set due to insufficient permissions.",
} as const;
const processingFailure = {
  code: 400,
  reason: "processingFailure",
  message: "The moderation status of a rejected comment cannot be changed to published.",
} as const;
