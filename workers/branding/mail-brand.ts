import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { workspaceBrands, workspaces } from "../db/schema/index";
import type { MailBrand } from "../mail";
import { presentBrand } from "./service";

/**
 * The brand a workspace's mails wear (ADR 085, 096): its name, its colour or Postline's, and its logo by absolute
 * URL (the logo route is public, so a mail program can fetch it without a session).
 */
export async function mailBrandOf(db: Db, workspaceId: string, origin: string): Promise<MailBrand> {
  const [[workspace], [row]] = await db.batch([
    db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)),
    db.select().from(workspaceBrands).where(eq(workspaceBrands.workspaceId, workspaceId)),
  ]);
  const brand = presentBrand(workspaceId, row);
  return {
    name: workspace?.name ?? "Postline",
    color: brand.effectiveColor,
    logoUrl: brand.logoUrl ? `${origin}${brand.logoUrl}` : null,
  };
}
