/**
 * The value lists some columns take, in a module without drizzle: the UI imports them (roles on every
 * signed-in page, scopes and events in Settings → API), and the table builders would otherwise ride along
 * into the browser's bundle.
 */
export const ROLES = ["owner", "admin", "editor", "contributor", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const API_KEY_SCOPES = ["read", "write", "publish"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every event a webhook endpoint can subscribe to (ADR 019). */
export const WEBHOOK_EVENTS = [
  "post.published",
  "post.partially_published",
  "post.failed",
  "post.unconfirmed",
  "account.needs_reconnect",
  "analytics.synced",
  "approval.requested",
  "approval.approved",
  "approval.rejected",
  "inbox.item.created",
  "inbox.item.replied",
  /** A feed's new item became a post (ADR 068, 087). */
  "feed.item_posted",
  /** An evergreen category queued a copy of one of its posts into a slot (ADR 076, 087). */
  "category.post_requeued",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Settings → API's "Send test event": sent to one endpoint on request, never subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
/** What a delivery carries: a subscribed event or the test event. */
export type DeliveredEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/** The engagement inbox's lists (ADR 069, ADR 084). */
export const INBOX_KINDS = ["comment", "mention", "message", "review"] as const;
/** The reads an account's inbox is taken in by, each with its own place and reason (ADR 101). */
export const INBOX_SOURCES = ["comments", "mentions", "messages", "notifications", "reviews"] as const;
export type InboxSource = (typeof INBOX_SOURCES)[number];
export const SENTIMENTS = ["positive", "neutral", "negative"] as const;
export const INBOX_RULE_ACTIONS = ["assign", "label", "hide"] as const;
