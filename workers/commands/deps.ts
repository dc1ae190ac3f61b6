import type { WebhookService } from "../automation";
import type { LabelService } from "../labels";
import type { LinkStore } from "../links";
import type { Actor, PostDrafts, PostFields, PostStore } from "../posts";
import { excerpt } from "../posts";
import type { PublishDeps, PublishingService, TargetMoves } from "../publishing";
import type { QueueService } from "../queue";
import type { ActivityAction, ActivityLog, ApprovalService } from "../workspaces";

/** What the post commands use: the modules below them, built for one workspace's shard. */
export interface CommandDeps {
  posts: PostStore;
  /** The post checked and drafted as the rows the command writes. */
  drafts: PostDrafts;
  publishing: PublishingService;
  /** Publishing's writer of channels: a command's channels join its batch through it. */
  moves: TargetMoves;
  queue: QueueService;
  approvals: ApprovalService;
  activity: ActivityLog;
  webhooks: Pick<WebhookService, "emit">;
  /** The links module's writer of a post's own link choices, which join the post's batch (ADR 105). */
  links: Pick<LinkStore, "postOptionsWrite">;
  /** The labels module's check and writes of a post's labels, which join the post's batch too (ADR 105). */
  labels: Pick<LabelService, "postLabelWrites">;
  /** The publish consumer's dependencies, for the steps a request runs itself (a first comment's retry). */
  publishDeps: () => PublishDeps;
  /** Clears the workspace's kept dashboard after a write it shows (ADR 133). */
  forgetDashboard: (workspaceId: string) => Promise<void>;
  now: () => number;
}

/** The write of the post's own link choices when the command was sent some (none: they stay as they are). */
export function linkChoices(deps: CommandDeps, actor: Actor, postId: string, fields: Partial<PostFields>) {
  return fields.links
    ? [deps.links.postOptionsWrite({ postId, workspaceId: actor.workspace.id, ...fields.links })]
    : [];
}

/**
 * The writes of the post's labels when the command was sent some (none: they stay as they are); refused before
 * anything is written when one is not the workspace's.
 */
export async function labelChoices(deps: CommandDeps, actor: Actor, postId: string, fields: Partial<PostFields>) {
  return fields.labelIds ? deps.labels.postLabelWrites(actor.workspace.id, postId, fields.labelIds) : [];
}

/** The activity entry of a post command, written in the command's batch. */
export function postActivity(
  deps: CommandDeps,
  actor: Actor,
  action: ActivityAction,
  postId: string,
  content: string,
  at: number,
) {
  return deps.activity.entry({
    workspaceId: actor.workspace.id,
    userId: actor.userId,
    action,
    subject: "post",
    subjectId: postId,
    summary: excerpt(content),
    at,
  });
}

/**
 * A submission for approval (ADR 016) as writes for the command's batch: the request and the approvers' notices,
 * whose mail `deps.approvals.sendNotices` sends once the batch committed (ADR 129). Nothing when not `submit`.
 */
export async function submissionWrites(
  deps: CommandDeps,
  actor: Actor,
  post: { id: string; content: string; publishNow: boolean; at: number },
  submit: boolean,
) {
  if (!submit) return { writes: [], mail: [] };
  const told = await deps.approvals.announcement(actor, { _id: post.id, content: post.content });
  return {
    writes: [deps.approvals.submission(actor, post.id, post.publishNow, post.at), ...told.writes],
    mail: told.mail,
  };
}
