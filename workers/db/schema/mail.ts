import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, ms } from "./columns";
import { workspaces } from "./workspaces";

/**
 * Mail a write promised, recorded in the write's own batch (ADR 129): an invitation, a notice's email. The request
 * sends it once its batch committed; a retry answered from the work (ADR 125) and the minute cron send what is still
 * here. A row is deleted once sent (an invitation's link is not kept at rest). `claimedAt`: a sender took it; another
 * takes it over only once that claim is stale.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: createdAt(),
    claimedAt: ms("claimed_at"),
  },
  (t) => [index("mail_outbox_workspace_idx").on(t.workspaceId, t.createdAt)],
);
