import type { ClaimMark } from "../http/idempotency";
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

/** A command whose answer is read again from its post: the retry of a request that died before answering (ADR 125). */
export type AnsweredCommand =
  | { kind: "create"; addToQueue?: boolean }
  | { kind: "publish" | "retry" | "confirm" }
  | { kind: "firstComment"; targetId: string };

/** What a first comment's retry answers, from the channel's comment as it now is. */
function firstCommentReply(post: Post, targetId: string) {
  const comment = post.platformPosts.find((t) => t.id === targetId)?.firstComment;
  return comment?.status === "published" ? "First comment published" : `First comment failed: ${comment?.error ?? ""}`;
}

/** The words a command answers for the post it left, as `after`, `dispatched` and the channel commands choose them. */
function replyOf(post: Post, command: AnsweredCommand) {
  if (command.kind === "retry") return PostReplies.retrying;
  if (command.kind === "confirm") return PostReplies.confirmed;
  if (command.kind === "firstComment") return firstCommentReply(post, command.targetId);
  if (post.status === "pending_approval") return PostReplies.submitted;
  if (post.status === "draft") return PostReplies.draft;
  if (post.status === "scheduled")
    return command.kind === "create" && command.addToQueue ? PostReplies.addedToQueue : PostReplies.scheduled;
  return PostReplies.queuedForPublishing;
}

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

  /**
   * Creates a post: a draft, a scheduled post, Publish Now, or (with `addToQueue`) the channels' next slots. `mark`,
   * a request's Idempotency-Key claim, is marked with the post in the batch that creates it (ADR 125).
   */
  async create(actor: Actor, fields: PostFields, options: { addToQueue?: boolean; mark?: ClaimMark } = {}) {
    const { deps } = this;
    const create = (f: PostFields) => createPost(deps, actor, f, options.mark);
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
  async publish(actor: Actor, id: string, mark?: ClaimMark) {
    const asked = await publishPost(this.deps, actor, id, mark);
    if (asked.status === "pending_approval") return this.after(actor, asked, PostReplies.submitted);
    return this.dispatched(actor, id);
  }

  /** Deletes a post, and its published copies when asked. */
  remove(actor: Actor, id: string, deleteRemote: boolean) {
    return deletePost(this.deps, actor, id, deleteRemote);
  }

  /** Retries one failed or unconfirmed channel alone. */
  async retryTarget(actor: Actor, postId: string, targetId: string, mark?: ClaimMark) {
    await this.deps.publishing.retryTarget(actor.workspace.id, postId, targetId, mark);
    return this.logged(actor, "retried", await this.reread(actor, postId, PostReplies.retrying));
  }

  /** Retries a published channel's failed first comment, within the request. */
  async retryFirstComment(actor: Actor, postId: string, targetId: string, mark?: ClaimMark) {
    const { deps } = this;
    await deps.publishing.ensureCommentRetryable(actor.workspace.id, postId, targetId);
    await publishFirstComment(targetId, deps.publishDeps(), mark && (() => mark(postId)));
    const { post } = await this.reread(actor, postId, "");
    return this.logged(actor, "retried", { post, message: firstCommentReply(post, targetId) });
  }

  /**
   * A command's answer read again from the post its Idempotency-Key claim was marked with, for the retry of a
   * request that died after its work and before its answer (ADR 125).
   */
  async answered(workspaceId: string, postId: string, command: AnsweredCommand) {
    const post = await this.deps.posts.get(workspaceId, postId);
    return { post, message: replyOf(post, command) };
  }

  /** The user saw an unconfirmed channel's post on the platform. */
  async confirm(actor: Actor, postId: string, targetId: string, permalink: string | null, mark?: ClaimMark) {
    await this.deps.publishing.confirmPublished(actor.workspace.id, postId, targetId, permalink, mark);
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
    await this.deps.forgetDashboard(actor.workspace.id);
    return { post, message };
  }

  /**
   * The answer after a write: a post that ended in a submission for approval is announced to the webhooks, and
   * says so; the dashboard forgets its summary either way.
   */
  private async after(actor: Actor, post: Post, message: string): Promise<{ post: Post; message: string }> {
    await this.deps.forgetDashboard(actor.workspace.id);
    if (post.status !== "pending_approval") return { post, message };
    // The approvers' notices went with the submission's batch (ADR 129); the webhooks' event goes now.
    await this.deps.webhooks.emit(actor.workspace.id, "approval.requested", {
      postId: post._id,
      submittedBy: actor.userId,
    });
    return { post, message: PostReplies.submitted };
  }
}
