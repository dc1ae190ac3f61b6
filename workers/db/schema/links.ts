import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PLATFORMS } from "../../platform-profile";
import { createdAt, ms } from "./columns";
import { postTargets } from "./posts";
import { workspaces } from "./workspaces";

/** A workspace's choice to shorten and count the links of what it publishes (ADR 067); no row: off. */
export const linkSettings = sqliteTable("link_settings", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  enabled: integer("enabled", { mode: "boolean" }).notNull().default(false),
  /** Add utm_source (the channel), utm_medium and utm_campaign to each destination. */
  utm: integer("utm", { mode: "boolean" }).notNull().default(true),
  utmMedium: text("utm_medium").notNull().default("social"),
  utmCampaign: text("utm_campaign").notNull().default("postline"),
  updatedAt: ms("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
});

/**
 * One short link per link in a published target's text (`slot`: where it was, e.g. `text:0`, `thread:2:1`), so
 * each channel's clicks are apart and a retried publish reuses the same codes (the same text goes out).
 */
export const shortLinks = sqliteTable(
  "short_links",
  {
    id: text("id").primaryKey(),
    code: text("code").notNull(),
    workspaceId: text("workspace_id").notNull(),
    postId: text("post_id").notNull(),
    targetId: text("target_id")
      .notNull()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    slot: text("slot").notNull(),
    /** The link as written in the post. */
    original: text("original").notNull(),
    /** Where the redirect goes: the original with the channel's UTM parameters; the only place it goes. */
    destination: text("destination").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("short_links_code_unique").on(t.code),
    uniqueIndex("short_links_target_slot_unique").on(t.targetId, t.slot),
    index("short_links_workspace_post_idx").on(t.workspaceId, t.postId),
  ],
);

/** Human clicks per link per UTC day: a count only, nothing about who clicked (ADR 067). */
export const linkClicksDaily = sqliteTable(
  "link_clicks_daily",
  {
    linkId: text("link_id")
      .notNull()
      .references(() => shortLinks.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day] })],
);
