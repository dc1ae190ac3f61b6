import type { postApprovals } from "../db/schema/approvals";
import type { posts, postTargets } from "../db/schema/posts";
import type { targetStagings } from "../db/schema/staging";
import { preparationOf } from "../delivery";
import { presentMedia } from "../media";
import type { Platform } from "../platform-profile";
import { retryNote } from "./channel-notes";
import { effectiveVersion } from "./channel-version";
import type { Related } from "./list-sql";

type PostRow = typeof posts.$inferSelect;
type TargetRow = typeof postTargets.$inferSelect;

/**
 * SPEC §3 Post for each row, with its media and one platformPosts entry per target, from the rows `relatedRows`
 * read with it; `lastFailures`: the platform's words for the latest failed attempt of each target being retried.
 */
export function shapePosts(rows: PostRow[], related: Related, lastFailures: Map<string, string | null>) {
  const { targets, attached, approvals, reviews, stagings } = related;
  // Grouped once by post: a page of 100 posts with their targets would otherwise scan every list per post.
  const targetsOf = byPost(targets);
  const mediaOf = byPost(attached);
  const reviewsOf = byPost(reviews);
  const approvalsOf = byPost(approvals);
  const stagingOf = new Map(stagings.map((s) => [s.targetId, s]));
  return rows.map((p) => {
    const items = (mediaOf.get(p.id) ?? []).map((a) => presentMedia(a.row, a.used));
    const own = targetsOf.get(p.id) ?? [];
    const selectedAccounts: Partial<Record<Platform, string[]>> = {};
    for (const t of own) (selectedAccounts[t.platform] ??= []).push(t.accountId);
    const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());
    return {
      _id: p.id,
      id: p.id,
      /** The member who wrote it: a contributor may edit and delete only their own (ADR 127). */
      authorId: p.userId,
      content: p.content,
      platforms: p.platforms,
      selectedAccounts,
      images: items.filter((m) => m.fileType === "image"),
      videos: items.filter((m) => m.fileType === "video"),
      media: items,
      hashtags: p.hashtags,
      mentions: p.mentions,
      status: p.status,
      scheduledDate: iso(p.scheduledAt),
      timezone: p.timezone,
      publishedAt: iso(p.publishedAt),
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
      title: p.title,
      youtubeVideo: items.find((m) => m.id === p.youtubeVideoId) ?? null,
      metadata: { category: p.category, source: p.source },
      /** The latest approval request and its decision (a rejection's comment is the author's to read). */
      approval: presentApproval(approvalsOf.get(p.id)?.[0]),
      clientReviews: (reviewsOf.get(p.id) ?? []).map((r) => ({
        id: r.id,
        decision: r.decision,
        comment: r.comment,
        createdAt: iso(r.createdAt),
      })),
      channels: channelsOf(own),
      platformPosts: own.map((t) => ({
        id: t.id,
        platform: t.platform,
        accountId: t.accountId,
        /** What this channel publishes (ADR 021). */
        version: effectiveVersion(base(p, items), t),
        firstComment: t.commentStatus
          ? { status: t.commentStatus, remoteId: t.commentRemoteId, error: t.commentError }
          : null,
        /** Remote ids of the thread parts published so far. */
        partIds: t.partIds ?? [],
        status: t.status,
        dueAt: iso(t.dueAt),
        publishedAt: iso(t.publishedAt),
        remoteId: t.remoteId,
        permalink: t.permalink,
        error: t.errorMessage ? { kind: t.errorKind, message: t.errorMessage } : null,
        retry: retryNote(t, lastFailures.get(t.id) ?? null),
        /** Media prepared ahead of the due time (ADR 029): preparing, ready, or why it could not be. */
        preparation: preparationFor(stagingOf.get(t.id), t, p.timezone),
      })),
    };
  });
}

/** Only a channel still waiting for its time shows its preparation. */
function preparationFor(row: typeof targetStagings.$inferSelect | undefined, t: TargetRow, timeZone: string) {
  return row && t.status === "scheduled" ? preparationOf(row, timeZone) : null;
}

/** `rows` grouped by their post, each group in the rows' order. */
function byPost<R extends { postId: string }>(rows: R[]): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const r of rows) {
    const group = groups.get(r.postId);
    if (group) group.push(r);
    else groups.set(r.postId, [r]);
  }
  return groups;
}

/** The channel versions of a post's targets, in the shape the composer and the API send them. */
export function channelsOf(targets: Array<Pick<TargetRow, "platform" | "accountId" | "version">>) {
  return targets.flatMap((t) => (t.version ? [{ platform: t.platform, accountId: t.accountId, ...t.version }] : []));
}

/** The post as every channel inherits it. */
function base(post: PostRow, items: Array<{ id: string }>) {
  return { content: post.content, hashtags: post.hashtags, mediaIds: items.map((m) => m.id), title: post.title };
}

function presentApproval(row: typeof postApprovals.$inferSelect | undefined) {
  if (!row) return null;
  const iso = (v: number | null) => (v === null ? null : new Date(v).toISOString());
  return {
    status: row.status,
    publishNow: row.publishNow,
    submittedBy: row.submittedBy,
    submittedAt: iso(row.submittedAt),
    decidedBy: row.decidedBy,
    decidedAt: iso(row.decidedAt),
    comment: row.comment,
  };
}
