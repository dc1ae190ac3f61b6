import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { EmitEvent } from "../automation";
import type { Db } from "../db/client";
import { posts, postTargets } from "../db/schema/index";
import { Conflict, notFound } from "../errors";
import type { ClaimMark } from "../http/idempotency";
import { PLATFORM_PROFILES, type Platform } from "../platform-profile";
import { type AccountCredentials, type PlatformClient, PlatformError } from "../platforms";
import { claimDueTargets, type PublishMessage } from "./claim";
import { stagePostSoon } from "./staging";
import { confirmTargetPublished, markFailuresSeen, refreshPostStatus, retry } from "./target-writes";

interface Deps {
  db: Db;
  d1: D1Database;
  queue: Queue<PublishMessage>;
  now: () => number;
  client: (platform: Platform) => PlatformClient;
  credentials: (accountId: string) => Promise<AccountCredentials>;
  emit: EmitEvent;
}

/** The user-facing publishing actions: publish now, retry one channel, settle an unconfirmed one, delete remotely. */
export class PublishingService {
  constructor(private readonly deps: Deps) {}

  /** Sends every due target of the user to the queue now (Publish Now, Repost Now, retries). */
  dispatchDue(workspaceId: string) {
    return claimDueTargets(this.deps, { kind: "trigger", workspaceId });
  }

  /**
   * Stages at once the media of a post just scheduled or rescheduled (ADR 034). Only channels due within their
   * platform's staging lead are announced: a bulk import of posts due next week must not spend the request's D1
   * query budget looking for nothing to stage. A failure here costs only time: the minute cron's sweep stages
   * what this missed.
   */
  async stageSoon(
    postId: string,
    targets: { status: string; dueAt: number | null; platform: Platform }[],
    now: number,
  ) {
    const within = targets.filter(
      (t) =>
        t.status === "scheduled" &&
        t.dueAt !== null &&
        t.dueAt > now &&
        t.dueAt <= now + (PLATFORM_PROFILES[t.platform].stagingLeadMs ?? 0),
    );
    if (within.length === 0) return;
    const platforms = [...new Set(within.map((t) => t.platform))];
    await stagePostSoon(this.deps, postId, platforms).catch((err) =>
      console.error("staging right after scheduling failed", err),
    );
  }

  /** Sends one due target now, even from a paused queue ("Share next", ADR 022). */
  dispatchTarget(workspaceId: string, targetId: string) {
    return claimDueTargets(this.deps, { kind: "trigger", workspaceId, targetId });
  }

  private async ownedTarget(workspaceId: string, postId: string, targetId: string) {
    const target = await this.deps.db.query.postTargets.findFirst({
      where: and(
        eq(postTargets.id, targetId),
        eq(postTargets.postId, postId),
        eq(postTargets.workspaceId, workspaceId),
      ),
    });
    if (!target) throw notFound();
    return target;
  }

  /** Retries one failed or unconfirmed channel alone; the post's other channels are untouched. */
  async retryTarget(workspaceId: string, postId: string, targetId: string, mark?: ClaimMark) {
    const target = await this.ownedTarget(workspaceId, postId, targetId);
    if (target.status !== "failed" && target.status !== "unconfirmed") {
      throw new Conflict("Only a failed or unconfirmed channel can be retried.");
    }
    await this.deps.db.batch([retry(this.deps, targetId), ...(mark ? [mark(postId)] : [])]);
    await this.dispatchDue(workspaceId);
  }

  /** Only a failed first comment of a published channel is retried alone (the post itself is never resent). */
  async ensureCommentRetryable(workspaceId: string, postId: string, targetId: string) {
    const target = await this.ownedTarget(workspaceId, postId, targetId);
    if (target.status !== "published" || target.commentStatus !== "failed")
      throw new Conflict("Only a failed first comment of a published channel can be retried.");
  }

  /** The user's answer for an unconfirmed channel: they saw the post on the platform. */
  async confirmPublished(
    workspaceId: string,
    postId: string,
    targetId: string,
    permalink: string | null,
    mark?: ClaimMark,
  ) {
    const target = await this.ownedTarget(workspaceId, postId, targetId);
    if (target.status !== "unconfirmed") throw new Conflict("Only an unconfirmed channel can be marked published.");
    await this.deps.db.batch([confirmTargetPublished(this.deps, targetId, permalink), ...(mark ? [mark(postId)] : [])]);
    await refreshPostStatus(this.deps.db, postId, this.deps.now(), this.deps.emit);
  }

  /**
   * Deletes the post's published copies on the platforms that allow it, channel by channel; a refusal is
   * reported, never hidden. The caller deletes our record afterwards.
   */
  async deleteRemote(workspaceId: string, postId: string) {
    const post = await this.deps.db.query.posts.findFirst({
      where: and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)),
    });
    if (!post) throw notFound();
    const published = await this.deps.db
      .select()
      .from(postTargets)
      .where(and(eq(postTargets.postId, postId), eq(postTargets.status, "published"), isNotNull(postTargets.remoteId)));
    const results: Array<{ platform: Platform; accountId: string; deleted: boolean; message: string }> = [];
    for (const target of published) {
      try {
        await this.deps
          .client(target.platform)
          .deletePost(await this.deps.credentials(target.accountId), target.remoteId!);
        results.push({ platform: target.platform, accountId: target.accountId, deleted: true, message: "Deleted" });
      } catch (err) {
        const message = err instanceof PlatformError ? err.message : "The platform did not answer.";
        results.push({ platform: target.platform, accountId: target.accountId, deleted: false, message });
      }
    }
    return results;
  }

  /** Failed channels the user has not been told about yet (a toast on their next visit). */
  async unseenFailures(workspaceId: string) {
    return this.deps.db
      .select({
        targetId: postTargets.id,
        postId: postTargets.postId,
        platform: postTargets.platform,
        status: postTargets.status,
        message: postTargets.errorMessage,
        content: posts.content,
      })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .where(
        and(
          eq(postTargets.workspaceId, workspaceId),
          inArray(postTargets.status, ["failed", "unconfirmed"]),
          isNull(postTargets.failureSeenAt),
        ),
      )
      .limit(20)
      .then((rows) => rows.map((r) => ({ ...r, content: r.content.slice(0, 80) })));
  }

  async markFailuresSeen(workspaceId: string, targetIds: string[]) {
    if (targetIds.length === 0) return;
    const [first, ...rest] = markFailuresSeen(this.deps, workspaceId, targetIds.slice(0, 100));
    await this.deps.db.batch([first!, ...rest]);
  }
}
