import { invalidateDashboard } from "../http/dashboard-cache";
import type { Actor, PostFields } from "../posts";
import { publishFirstComment } from "../publishing";
import { saveToQueue } from "./add-to-queue";
import { createPost } from "./create-post";
import { deletePost } from "./delete-post";
import { type CommandDeps, postActivity } from "./deps";
import { publishPost } from "./publish-post";
import { updatePost } from "./update-post";

export type { CommandDeps };
export { createPost };

/** What the posts API, the pages and MCP answer after a post command (one set of words). */
export const PostReplies = {
  draft: "Draft saved successfully!",
  scheduled: "Post scheduled successfully!",
  queuedForPublishing: "Post queued for publishing",
  updated: "Post updated successfully",
  addedToQueue: "Post added to the queue",
  /** Where approval applies (ADR 016), Schedule and Publish Now answer this instead of scheduling. */
  submitted: "Post submitted for approval",
  retrying: "Retrying this channel",
  confirmed: "Marked as published",
} as const;

type Post = Awaited<ReturnType<CommandDeps["posts"]["get"]>>;

/** The fields a PUT sent (`patch`) and the request parsed whole (`parsed`, which Add to queue checks). */
export interface SentFields {
  parsed: PostFields;
  patch: Partial<PostFields>;
}

/**
 * The command layer over posts, publishing, the queue and approvals (ADR 057): what a user does with a post, for
 * Hono handlers, page actions and MCP tools alike, each answering the post and the words to show. Every command
 * owns its permissions, rules, approval, activity, staging and the dashboard's invalidation; the callers parse,
 * call one command and reply.
 */
export class PostCommands {
  constructor(private readonly deps: CommandDeps) {}

  /** Creates a post: a draft, a scheduled post, Publish Now, or (with `addToQueue`) the channels' next slots. */
  async create(actor: Actor, fields: PostFields, options: { addToQueue?: boolean } = {}) {
    const { deps } = this;
    const create = (f: PostFields) => createPost(deps, actor, f);
    if (options.addToQueue)
      return this.after(actor, await saveToQueue(deps, actor, fields, create), PostReplies.addedToQueue);
    const created = await create(fields);
    if (!fields.publishNow || created.status === "pending_approval")
      return this.after(actor, created, created.status === "draft" ? PostReplies.draft : PostReplies.scheduled);
    return this.dispatched(actor, created._id);
  }

  /** Edits a post with the fields sent; with `addToQueue`, it moves to its channels' next slots. */
  async update(actor: Actor, id: string, sent: SentFields, options: { addToQueue?: boolean } = {}) {
    const { deps } = this;
    if (!options.addToQueue)
      return this.after(actor, await updatePost(deps, actor, id, sent.patch), PostReplies.updated);
    // The channels come from the patch, or from the stored post when the patch names none.
    const stored = await deps.posts.get(actor.workspace.id, id);
    const channels = {
      platforms: sent.patch.platforms ?? stored.platforms,
      selectedAccounts: sent.patch.selectedAccounts ?? (stored.selectedAccounts as Record<string, string[]>),
    };
    const queued = await saveToQueue(deps, actor, { ...sent.parsed, ...channels }, (f) =>
      updatePost(deps, actor, id, {
        ...sent.patch,
        status: f.status,
        publishNow: false,
        scheduledDate: f.scheduledDate,
      }),
    );
    return this.after(actor, queued, PostReplies.addedToQueue);
  }

  /** Publish Now on a saved post. */
  async publish(actor: Actor, id: string) {
    const asked = await publishPost(this.deps, actor, id);
    if (asked.status === "pending_approval") return this.after(actor, asked, PostReplies.submitted);
    return this.dispatched(actor, id);
  }

  /** Deletes a post, and its published copies when asked. */
  remove(actor: Actor, id: string, deleteRemote: boolean) {
    return deletePost(this.deps, actor, id, deleteRemote);
  }

  /** Retries one failed or unconfirmed channel alone. */
  async retryTarget(actor: Actor, postId: string, targetId: string) {
    await this.deps.publishing.retryTarget(actor.workspace.id, postId, targetId);
    return this.logged(actor, "retried", await this.reread(actor, postId, PostReplies.retrying));
  }

  /** Retries a published channel's failed first comment, within the request. */
  async retryFirstComment(actor: Actor, postId: string, targetId: string) {
    const { deps } = this;
    await deps.publishing.ensureCommentRetryable(actor.workspace.id, postId, targetId);
    await publishFirstComment(targetId, deps.publishDeps());
    const { post } = await this.reread(actor, postId, "");
    const comment = post.platformPosts.find((t) => t.id === targetId)?.firstComment;
    const message =
      comment?.status === "published" ? "First comment published" : `First comment failed: ${comment?.error ?? ""}`;
    return this.logged(actor, "retried", { post, message });
  }

  /** The user saw an unconfirmed channel's post on the platform. */
  async confirm(actor: Actor, postId: string, targetId: string, permalink: string | null) {
    await this.deps.publishing.confirmPublished(actor.workspace.id, postId, targetId, permalink);
    return this.logged(actor, "confirmed", await this.reread(actor, postId, PostReplies.confirmed));
  }

  /** The post after its due channels were handed to the publishing dispatcher. */
  private async dispatched(actor: Actor, id: string) {
    await this.deps.publishing.dispatchDue(actor.workspace.id);
    return this.reread(actor, id, PostReplies.queuedForPublishing);
  }

  /** A channel's retry or confirmation in the log, once it is done: it changes no post row to batch it with. */
  private async logged<R extends { post: { _id: string; content: string } }>(
    actor: Actor,
    action: "retried" | "confirmed",
    result: R,
  ) {
    await postActivity(this.deps, actor, action, result.post._id, result.post.content, this.deps.now());
    return result;
  }

  private async reread(actor: Actor, id: string, message: string) {
    const post = await this.deps.posts.get(actor.workspace.id, id);
    await invalidateDashboard(actor.workspace.id);
    return { post, message };
  }

  /**
   * The answer after a write: a post that ended in a submission for approval is announced to the approvers and
   * the webhooks, and says so; the dashboard forgets its summary either way.
   */
  private async after(actor: Actor, post: Post, message: string): Promise<{ post: Post; message: string }> {
    await invalidateDashboard(actor.workspace.id);
    if (post.status !== "pending_approval") return { post, message };
    await this.deps.approvals.announce(actor, post);
    await this.deps.webhooks.emit(actor.workspace.id, "approval.requested", {
      postId: post._id,
      submittedBy: actor.userId,
    });
    return { post, message: PostReplies.submitted };
  }
}
