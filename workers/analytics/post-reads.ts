import { sql } from "drizzle-orm";
import { allRendered } from "../db/batch-reads";
import type { Db } from "../db/client";
import type { Platform } from "../platform-profile";
import type { SnapshotDelta, TargetRow } from "./aggregate";
import { contentTypeOf, type MediaInfo } from "./content-type";
import { $, platformFilter, platformKey, type StatementPart } from "./period-scope";

/** Per-post reads: published targets with their latest snapshot, snapshot growth, synced comments. */

interface RawTargetRow {
  target_id: string;
  post_id: string;
  account_id: string;
  platform: Platform;
  published_at: number;
  content: string;
  hashtags: string;
  snapshot_id: string | null;
  impressions: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  clicks: number | null;
  video_views: number | null;
  /** JSON array of the post's media: [{kind, durationSec}]. */
  media: string;
}

/**
 * The workspace's targets published in [start, end) with their latest snapshot taken before `asOf` (the end
 * unless told; zeros when none yet), oldest first. `postId` narrows to one post, a list of posts or the posts a
 * SELECT of post ids finds (in the same statement, its placeholders named apart from this statement's `ws`, `start`,
 * `end`, `asOf`, `post`, `newest`); `newest` keeps only the period's newest targets (still oldest first), so a
 * listing reads a bounded number of rows. Rendered once per isolate for each shape (`allRendered`, ADR 048).
 */
export async function loadTargetRows(
  db: Db,
  workspaceId: string,
  range: { start: number; end: number; platforms: Platform[] | null },
  postId?: string | string[] | StatementPart,
  { asOf = range.end, newest }: { asOf?: number; newest?: number } = {},
): Promise<TargetRow[]> {
  const values: Record<string, unknown> = { ws: workspaceId, start: range.start, end: range.end, asOf };
  let posts: string;
  if (postId === undefined) posts = "all";
  else if (typeof postId === "string") [posts, values.post] = ["one", postId];
  else if (Array.isArray(postId)) [posts, values.post] = ["list", JSON.stringify(postId)];
  else {
    posts = `in(${postId.key})`;
    for (const name in postId.values) {
      if (name in values) throw new Error(`placeholder "${name}" of a post-id SELECT is one of loadTargetRows' own`);
      values[name] = postId.values[name];
    }
  }
  if (newest !== undefined) values.newest = newest;
  const { platforms } = range;
  const rows = await allRendered<RawTargetRow>(
    db,
    `analytics.target-rows:${platformKey(platforms)}:${posts}:${newest === undefined ? "every" : "newest"}`,
    () => sql`
    select t.id as target_id, t.post_id, t.account_id, t.platform, t.published_at, p.content, p.hashtags,
           s.id as snapshot_id, s.impressions, s.reach, s.likes, s.comments, s.shares, s.saves, s.clicks, s.video_views,
           (select json_group_array(json_object('kind', m.file_type, 'durationSec', m.duration))
              from post_media pm join media m on m.id = pm.media_id where pm.post_id = t.post_id) as media
    -- Given posts' targets through their index: the planner otherwise scans every target of the period.
    from post_targets t ${postId === undefined ? sql`` : sql`indexed by post_targets_post_idx`}
    join posts p on p.id = t.post_id
    left join post_metric_snapshots s on s.id = (
      select s2.id from post_metric_snapshots s2 where s2.target_id = t.id and s2.taken_at < ${$("asOf")}
      order by s2.taken_at desc limit 1)
    where t.workspace_id = ${$("ws")} and t.status = 'published' and t.published_at >= ${$("start")} and t.published_at < ${$("end")}
    ${platformFilter(sql`t.platform`, platforms)} ${postsFilter(postId)}
    ${newest === undefined ? sql`order by t.published_at, t.id` : sql`order by t.published_at desc, t.id desc limit ${$("newest")}`}`,
    values,
  );
  if (newest !== undefined) rows.reverse();
  return rows.map((r) => ({
    targetId: r.target_id,
    postId: r.post_id,
    accountId: r.account_id,
    platform: r.platform,
    publishedAt: r.published_at,
    content: r.content,
    hashtags: parseList(r.hashtags),
    contentType: contentTypeOf({ platform: r.platform, media: parseMedia(r.media) }),
    hasMetrics: r.snapshot_id != null,
    impressions: r.impressions ?? 0,
    reach: r.reach ?? 0,
    likes: r.likes ?? 0,
    comments: r.comments ?? 0,
    shares: r.shares ?? 0,
    saves: r.saves ?? 0,
    clicks: r.clicks ?? 0,
    videoViews: r.video_views ?? 0,
  }));
}

/** loadTargetRows' narrowing to given posts (`post`: an id, or a list's JSON), or to those a SELECT finds. */
function postsFilter(postId: string | string[] | StatementPart | undefined) {
  if (postId === undefined) return sql``;
  if (typeof postId === "string") return sql` and t.post_id = ${$("post")}`;
  if (Array.isArray(postId)) return sql` and t.post_id in (select value from json_each(${$("post")}))`;
  return sql` and t.post_id in (${postId.build()})`;
}

function parseMedia(json: string): MediaInfo[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((m): m is MediaInfo => m && (m.kind === "image" || m.kind === "video")) : [];
  } catch {
    return [];
  }
}

export function parseList(json: string): string[] {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Growth of likes/comments/shares between consecutive snapshots of each target, for snapshots taken in [start, end). */
export async function loadSnapshotDeltas(
  db: Db,
  workspaceId: string,
  range: { start: number; end: number; platforms: Platform[] | null },
  postId?: string,
) {
  return db.all<SnapshotDelta & { platform: Platform }>(sql`
    select taken_at as takenAt, platform, likes, comments, shares from (
      select s.taken_at, s.platform,
        s.likes - coalesce(lag(s.likes) over w, 0) as likes,
        s.comments - coalesce(lag(s.comments) over w, 0) as comments,
        s.shares - coalesce(lag(s.shares) over w, 0) as shares
      from post_metric_snapshots s
      where s.workspace_id = ${workspaceId} and s.taken_at < ${range.end} ${platformFilter(sql`s.platform`, range.platforms)}
        ${postId ? sql` and s.post_id = ${postId}` : sql``}
      window w as (partition by s.target_id order by s.taken_at)
    ) where taken_at >= ${range.start}
    order by taken_at`);
}

export async function loadComments(db: Db, workspaceId: string, postId: string) {
  return db.all<{ id: string; platform: Platform; author: string; text: string; createdAt: number }>(sql`
    select remote_id as id, platform, author, text, created_at as createdAt from synced_comments
    where workspace_id = ${workspaceId} and post_id = ${postId} order by created_at desc limit 200`);
}
