// The inbox module's public surface: other modules import it only from here (ADR 079).
export { engagementInboxRoutes } from "./routes";
export { inboxAssignBody, inboxListQuery, inboxReplyBody } from "./schemas";
export { InboxService } from "./service";
export type { InboxItemView } from "./view";
