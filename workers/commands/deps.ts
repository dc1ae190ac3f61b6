import type { WebhookService } from "../automation";
import type { Actor, PostDrafts, PostStore } from "../posts";
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
  /** The publish consumer's dependencies, for the steps a request runs itself (a first comment's retry). */
  publishDeps: () => PublishDeps;
  now: () => number;
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
