// The inbox module's public surface: other modules import it only from here (ADR 079).

export { ActionMessages } from "./actions";
export { openCountRead, openCountsOfRows } from "./list-store";
export { InboxLive, type LiveEvent, liveInbox } from "./live";
export { SANDBOX_META_VERIFY_TOKEN } from "./meta-webhook";
export { engagementInboxRoutes } from "./routes";
export { inboxActionBody, inboxAssignBody, inboxCursor, inboxListQuery, inboxReplyBody } from "./schemas";
export { InboxService } from "./service";
export { InboxStore } from "./store";
export { inboxSheet } from "./team";
export { bulkInWords } from "./team-rules";
export {
  inboxBulkBody,
  inboxDraftBody,
  inboxNoteBody,
  inboxReadBody,
  inboxRuleBody,
  savedReplyBody,
} from "./team-schemas";
export type { InboxItemView } from "./view";
export { metaWebhookRoutes } from "./webhook-routes";
