import { and, asc, eq } from "drizzle-orm";
import type { EmitEvent } from "../automation";
import type { Db } from "../db/client";
import { postApprovals, posts } from "../db/schema/index";
import { Conflict, notFound } from "../errors";
import type { ClaimMark } from "../http/idempotency";
import type { Actor, PostStore } from "../posts";
import { excerpt, formatLocal } from "../posts";
import type { TargetMoves } from "../publishing";
import type { People } from "../tenancy/people";
import { can, ROLES } from "../tenancy/roles";
import { recordActivity } from "./activity";
import { ApprovalMessages, approvalDueAt } from "./approval-rules";
import type { Notice, NoticeWrites, Notifications } from "./notifications";
import { channelCopy } from "./shared-channels";
import { publishedMedia } from "./version-media";

interface Deps {
  db: Db;
  /** Submitters' names and the approvers, from the directory (ADR 081). */
  people: People;
  posts: PostStore;
  /** Publishing's writer of channels: a decision moves the post's waiting channels and re-derives its status. */
  moves: TargetMoves;
  notifications: Notifications;
  now: () => number;
  /** Hands the workspace's due targets to the publishing queue (an approved Publish Now). */
  dispatchDue: (workspaceId: string) => Promise<unknown>;
  emit: EmitEvent;
}

/** The Approvals queue: submitted posts wait here until an approver approves or rejects them (ADR 016). */
export class ApprovalService {
  constructor(private readonly deps: Deps) {}

  /** Pending submissions of the workspace, oldest first, each with its post as the composer shows it. */
  async queue(workspaceId: string) {
    const rows = await this.deps.db
      .select()
      .from(postApprovals)
      .where(and(eq(postApprovals.workspaceId, workspaceId), eq(postApprovals.status, "pending")))
      .orderBy(asc(postApprovals.submittedAt))
      .limit(100);
    const [presented, authors] = await Promise.all([
      this.deps.posts.getMany(
        workspaceId,
        rows.map((a) => a.postId),
      ),
      this.deps.people.byIds(rows.map((a) => a.submittedBy)),
    ]);
    return rows.flatMap((a) => {
      const post = presented.find((p) => p.id === a.postId);
      const authorName = authors.get(a.submittedBy)?.displayName;
      if (!post || !authorName) return [];
      return [
        {
          id: a.id,
          postId: a.postId,
          submittedBy: { id: a.submittedBy, displayName: authorName },
          submittedAt: new Date(a.submittedAt).toISOString(),
          publishNow: a.publishNow,
          post,
        },
      ];
    });
  }

  /**
   * The queue as the Approvals page shows it: each post's channels with what they publish (ADR 021), their own
   * version's text, thread, title, first comment, format and media where they have one, so the approver approves
   * what goes out on each network.
   */
  async queueWithChannels(workspaceId: string) {
    const queue = await this.queue(workspaceId);
    const shown = queue.map((a) => a.post);
    const media = await publishedMedia(this.deps.db, workspaceId, shown);
    return queue.map((a) => ({
      ...a,
      channels: a.post.platformPosts.map((t) => ({
        id: t.id,
        platform: t.platform,
        accountId: t.accountId,
        ...channelCopy(t.version, media),
      })),
    }));
  }

  /** The approval request of a submitted post (ADR 016), to write in the submitting command's batch. */
  submission(submitter: Actor, postId: string, publishNow: boolean, at: number) {
    return this.deps.db.insert(postApprovals).values({
      id: crypto.randomUUID(),
      workspaceId: submitter.workspace.id,
      postId,
      submittedBy: submitter.userId,
      submittedAt: at,
      publishNow,
      status: "pending",
    });
  }

  /** A write that does not go through approval withdraws the post's pending request, if any. */
  withdrawal(postId: string) {
    return this.deps.db
      .delete(postApprovals)
      .where(and(eq(postApprovals.postId, postId), eq(postApprovals.status, "pending")));
  }

  /** The members who may approve posts in the workspace (its approvers), except `but`. */
  async approverIds(workspaceId: string, but?: string): Promise<string[]> {
    const approvers = await this.deps.people.members(
      workspaceId,
      ROLES.filter((r) => can(r, "posts.approve")),
    );
    return approvers.map((r) => r.id).filter((id) => id !== but);
  }

  /**
   * The notices telling the workspace's approvers, in-app and by email, that a post waits for them (not the
   * submitter): writes for the submission's batch, and the mail to send once it committed (ADR 129).
   */
  async announcement(submitter: Actor, post: { _id: string; content: string }): Promise<NoticeWrites> {
    const approvers = await this.approverIds(submitter.workspace.id, submitter.userId);
    if (approvers.length === 0) return { writes: [], mail: [] };
    const who = { name: (await this.deps.people.byIds([submitter.userId])).get(submitter.userId)?.displayName };
    return this.deps.notifications.prepareAll(
      approvers.map((approver) => ({
        workspaceId: submitter.workspace.id,
        userId: approver,
        kind: "approval_requested",
        postId: post._id,
        message: `${who?.name ?? "A member"} asks you to approve "${excerpt(post.content)}".`,
        subject: `A post waits for your approval in ${submitter.workspace.name}`,
      })),
    );
  }

  /** Sends the emails of notices whose batch committed. */
  sendNotices(mail: string[]) {
    return this.deps.notifications.send(mail);
  }

  /** The post's pending request; 404 for another workspace's post, 409 when nothing is pending. */
  private async pending(workspaceId: string, postId: string) {
    const [post] = await this.deps.db
      .select()
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.workspaceId, workspaceId)));
    if (!post) throw notFound();
    const [request] = await this.deps.db
      .select()
      .from(postApprovals)
      .where(and(eq(postApprovals.postId, postId), eq(postApprovals.status, "pending")));
    if (!request || post.status !== "pending_approval") throw new Conflict(ApprovalMessages.notPending);
    return { post, request };
  }

  /**
   * Approves: the post is scheduled as asked (or at `newTime`), or published at once for Publish Now. A request's
   * Idempotency-Key claim is marked with the decision (ADR 125).
   */
  async approve(approver: Actor, postId: string, newTime: number | undefined, mark?: ClaimMark) {
    const { post, request } = await this.pending(approver.workspace.id, postId);
    const now = this.deps.now();
    const timing = approvalDueAt({ publishNow: request.publishNow, scheduledAt: post.scheduledAt }, newTime, now);
    if ("expired" in timing) throw new Conflict(ApprovalMessages.timePassed);
    const { db } = this.deps;
    const when = (timeZone: string) =>
      timing.dueAt <= now ? "is being published now" : `is scheduled for ${formatLocal(timing.dueAt, timeZone)}`;
    const told = await this.authorNotice(
      approver,
      request.submittedBy,
      postId,
      "approved",
      (timeZone) => `Your post was approved and ${when(timeZone)}.`,
      "Your post was approved",
    );
    await this.deps.moves.decide(postId, { dueAt: timing.dueAt }, [
      db
        .update(postApprovals)
        .set({ status: "approved", decidedBy: approver.userId, decidedAt: now })
        .where(eq(postApprovals.id, request.id)),
      this.activity(approver, "approved", postId, post.content, now),
      ...told.writes,
      ...(mark ? [mark(postId)] : []),
    ]);
    await this.deps.emit(approver.workspace.id, "approval.approved", {
      postId,
      approvedBy: approver.userId,
      scheduledAt: new Date(timing.dueAt).toISOString(),
    });
    if (timing.dueAt <= now) await this.deps.dispatchDue(approver.workspace.id);
    await this.sendNotices(told.mail);
    return this.deps.posts.get(approver.workspace.id, postId);
  }

  /** Rejects with the approver's comment: the post goes back to draft and the author reads why. */
  async reject(approver: Actor, postId: string, comment: string, mark?: ClaimMark) {
    const { post, request } = await this.pending(approver.workspace.id, postId);
    const now = this.deps.now();
    const { db } = this.deps;
    const told = await this.authorNotice(
      approver,
      request.submittedBy,
      postId,
      "rejected",
      `Your post was sent back: ${comment}`,
      "Your post needs changes",
    );
    await this.deps.moves.decide(postId, { rejected: true }, [
      db
        .update(postApprovals)
        .set({ status: "rejected", decidedBy: approver.userId, decidedAt: now, comment })
        .where(eq(postApprovals.id, request.id)),
      this.activity(approver, "rejected", postId, post.content, now),
      ...told.writes,
      ...(mark ? [mark(postId)] : []),
    ]);
    await this.deps.emit(approver.workspace.id, "approval.rejected", {
      postId,
      rejectedBy: approver.userId,
      comment,
    });
    await this.sendNotices(told.mail);
    return this.deps.posts.get(approver.workspace.id, postId);
  }

  private activity(approver: Actor, action: "approved" | "rejected", postId: string, content: string, at: number) {
    return recordActivity(this.deps.db, {
      workspaceId: approver.workspace.id,
      userId: approver.userId,
      action,
      subject: "post",
      subjectId: postId,
      summary: excerpt(content),
      at,
    });
  }

  /**
   * The author's notice of the decision, in-app and by email, for the decision's batch (ADR 129); none when the
   * approver decided on their own submission.
   */
  private async authorNotice(
    approver: Actor,
    authorId: string,
    postId: string,
    kind: string,
    message: Notice["message"],
    subject: string,
  ): Promise<NoticeWrites> {
    if (authorId === approver.userId) return { writes: [], mail: [] };
    return this.deps.notifications.prepare({
      workspaceId: approver.workspace.id,
      userId: authorId,
      kind,
      postId,
      message,
      subject,
    });
  }
}
