// The workspaces module's public surface: other modules import it only from here (ADR 079).

export type { ActivityEntry } from "./activity";
export { ActivityLog, recordActivity } from "./activity";
export type { ActivityAction } from "./activity-actions";
export { activityQuery, activityRoutes } from "./activity-routes";
export { ApprovalReplies, approvalNewTime, approveBody, rejectBody } from "./approval-requests";
export { approvalPostRoutes, approvalQueueRoutes, inboxRoutes } from "./approval-routes";
export { needsApproval } from "./approval-rules";
export { ApprovalService } from "./approvals";
export { reviewAsClient } from "./client-review";
export { commentRoutes } from "./comment-routes";
export { PostComments } from "./comments";
export type { Mentionable } from "./mentions";
export { Notifications } from "./notifications";
export { teammatesOfRows, teammatesQuery } from "./pending-invites";
export { dropWorkspaceAnchor, personalWorkspaceInserts, workspaceAnchor } from "./personal";
export { inviteRoutes, workspaceRoutes } from "./routes";
export { MemberMessages } from "./rules";
export { inviteInput, roleInput, workspaceInput, workspacePatch } from "./schemas";
export { type ShardAnchors, WorkspaceService } from "./service";
export type { Placement } from "./shard-moves";
export {
  clearMove,
  dropWorkspaceStandIn,
  markMoving,
  placeWorkspaceStandIn,
  readPlacement,
  switchShard,
} from "./shard-moves";
export { publicShareRoutes, shareLinkRoutes } from "./share-link-routes";
export { ShareReplies } from "./share-link-rules";
export { ShareLinkService } from "./share-links";
export { clientReviewInput, shareLinkInput } from "./share-schemas";
export type { ChannelCopy } from "./shared-channels";
