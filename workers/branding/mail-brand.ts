import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { workspaceBrands } from "../db/schema/index";
import type { MailBrand } from "../mail";
import type { People } from "../tenancy/people";
import { DEFAULT_BRAND_COLOR } from "./rules";
import { presentBrand } from "./service";

/** Mail that belongs to no workspace (a password reset) wears Postline's own name and colour. */
export const POSTLINE_MAIL_BRAND: MailBrand = { name: "Postline", color: DEFAULT_BRAND_COLOR, logoUrl: null };

/**
 * The brand a workspace's mails wear (ADR 085, 096): its name, its colour or Postline's, and its logo by absolute
 * URL (the logo route is public, so a mail program can fetch it without a session).
 */
export async function mailBrandOf(db: Db, workspace: { id: string; name: string }, origin: string): Promise<MailBrand> {
  // The name comes from the directory (the caller's); the brand lives on the workspace's shard (ADR 081).
  const [row] = await db.select().from(workspaceBrands).where(eq(workspaceBrands.workspaceId, workspace.id));
  const brand = presentBrand(workspace.id, row);
  return {
    name: workspace.name,
    color: brand.effectiveColor,
    logoUrl: brand.logoUrl ? `${origin}${brand.logoUrl}` : null,
  };
}

/** `mailBrandOf` for a workspace known by its id: its name read from the directory (`people`). */
export async function mailBrandById(
  db: Db,
  people: Pick<People, "workspaces">,
  workspaceId: string,
  origin: string,
): Promise<MailBrand> {
  const name = (await people.workspaces([workspaceId])).get(workspaceId)?.name ?? "Postline";
  return mailBrandOf(db, { id: workspaceId, name }, origin);
}
