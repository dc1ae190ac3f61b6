// The workspaces module's public surface: other modules import it only from here (ADR 079).

export type { ActivityEntry } from "./activity";
export { ActivityLog, recordActivity } from "./activity";
export type { ActivityAction } from "./activity-actions";
export { activityRoutes } from "./activity-routes";
export { approvalPostRoutes, approvalQueueRoutes, inboxRoutes } from "./approval-routes";
export { needsApproval } from "./approval-rules";
export { ApprovalService } from "./approvals";
export { commentRoutes } from "./comment-routes";
export { PostComments } from "./comments";
export { Notifications } from "./notifications";
export { personalWorkspaceInserts } from "./personal";
export { inviteRoutes, workspaceRoutes } from "./routes";
export { WorkspaceService } from "./service";
export { publicShareRoutes, shareLinkRoutes } from "./share-link-routes";
export { ShareLinkService } from "./share-links";
