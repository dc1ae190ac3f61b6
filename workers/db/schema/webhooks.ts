import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, ms } from "./columns";
import { users } from "./core";
import type { DeliveredEvent, WebhookEvent } from "./value-lists";
import { workspaces } from "./workspaces";

export { type DeliveredEvent, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT, type WebhookEvent } from "./value-lists";

/** A workspace's receiver. The signing secret is kept encrypted (TokenCipher) and shown once. */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    url: text("url").notNull(),
    events: text("events", { mode: "json" }).$type<WebhookEvent[]>().notNull(),
    secretEnc: text("secret_enc").notNull(),
    /** The first failed delivery since the last success; three days of failing disables the endpoint. */
    failingSince: ms("failing_since"),
    disabledAt: ms("disabled_at"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceId)],
);

/** One event sent to one endpoint; its id is the Standard Webhooks `webhook-id` (the same on every attempt). */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text("event").$type<DeliveredEvent>().notNull(),
    /** The signed body, exactly as sent. */
    payload: text("payload").notNull(),
    /** pending → succeeded | failed */
    status: text("status").$type<"pending" | "succeeded" | "failed">().notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt)],
);

/** Each HTTP attempt of a delivery, for the delivery log. */
export const webhookAttempts = sqliteTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    /** The HTTP status, null when no answer came (timeout, refused connection). */
    statusCode: integer("status_code"),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    latencyMs: integer("latency_ms").notNull(),
    /** The first 500 characters of the answer, or the network error. */
    excerpt: text("excerpt").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.createdAt)],
);
