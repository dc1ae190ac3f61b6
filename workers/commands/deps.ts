import type { WebhookService } from "../automation/webhooks";
import type { PostDrafts } from "../posts/drafts";
import { excerpt } from "../posts/excerpt";
import type { Actor, PostStore } from "../posts/store";
import type { PublishDeps } from "../publishing/consumer";
import type { PublishingService } from "../publishing/service";
import type { TargetMoves } from "../publishing/target-moves";
import type { QueueService } from "../queue/service";
import type { ActivityLog } from "../workspaces/activity";
import type { ActivityAction } from "../workspaces/activity-actions";
import type { ApprovalService } from "../workspaces/approvals";

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
