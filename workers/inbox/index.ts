// The inbox module's public surface: other modules import it only from here (ADR 079).

export { SANDBOX_META_VERIFY_TOKEN } from "./meta-webhook";
export { engagementInboxRoutes } from "./routes";
export { inboxAssignBody, inboxListQuery, inboxReplyBody } from "./schemas";
export { InboxService } from "./service";
export type { InboxItemView } from "./view";
export { metaWebhookRoutes } from "./webhook-routes";
