import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PLATFORMS } from "../../platform-profile";
import { createdAt, ms } from "./columns";
import { workspaces } from "./workspaces";

/**
 * A saved piece of a workspace (ADR 087): a hashtag group, a caption template with `{variables}`, or a channel's
 * signature (`platform` set: at most one per channel, which the composer adds to that channel's text).
 */
export const savedPieces = sqliteTable(
  "saved_pieces",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["hashtags", "template", "signature"] }).notNull(),
    name: text("name").notNull(),
    body: text("body").notNull(),
    platform: text("platform", { enum: PLATFORMS }),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: ms("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [
    index("saved_pieces_workspace_idx").on(t.workspaceId, t.kind, t.name),
    uniqueIndex("saved_pieces_signature_unique").on(t.workspaceId, t.platform).where(sql`kind = 'signature'`),
  ],
);
