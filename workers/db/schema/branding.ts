import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ms } from "./columns";
import { workspaces } from "./workspaces";

/**
 * A workspace's brand (ADR 085): its colour and logo, shown on its reports, its public share and review pages
 * and its emails. The logo's bytes live in R2 at `logo_key`; no row means Postline's own look.
 */
export const workspaceBrands = sqliteTable("workspace_brands", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  /** `#rrggbb`, checked for contrast against white text. */
  color: text("color"),
  logoKey: text("logo_key"),
  /** image/png or image/jpeg (sniffed): the two a PDF draws. */
  logoType: text("logo_type"),
  updatedAt: ms("updated_at").notNull(),
});
