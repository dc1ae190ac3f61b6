import { sql } from "drizzle-orm";
import { integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ms } from "./columns";
import { workspaces } from "./workspaces";

/** A workspace's public link-in-bio page at `/bio/<handle>` (ADR 077): its title and the links its admins set. */
export const bioPages = sqliteTable(
  "bio_pages",
  {
    workspaceId: text("workspace_id")
      .primaryKey()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    handle: text("handle").notNull(),
    title: text("title").notNull(),
    links: text("links", { mode: "json" }).$type<Array<{ id: string; label: string; url: string }>>().notNull(),
    updatedAt: ms("updated_at").notNull().default(sql`(unixepoch() * 1000)`),
  },
  (t) => [uniqueIndex("bio_pages_handle_unique").on(t.handle)],
);

/**
 * People's clicks on a bio page per item (`link:<id>` or `post:<target id>`) per UTC day: a count only, as short
 * links count (ADR 067).
 */
export const bioClicksDaily = sqliteTable(
  "bio_clicks_daily",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    item: text("item").notNull(),
    day: text("day").notNull(),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.item, t.day] })],
);
