import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { workspaceBrands } from "../db/schema/index";
import type { MailBrand } from "../mail";
import { presentBrand } from "./service";

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
