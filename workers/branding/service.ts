import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { workspaceBrands } from "../db/schema/index";
import { Invalid, notFound, TooLarge } from "../errors";
import { sniffType } from "../files";
import { BrandMessages, DEFAULT_BRAND_COLOR, LOGO_MAX_BYTES, LOGO_TYPES } from "./rules";

type Row = typeof workspaceBrands.$inferSelect;

/** A workspace's brand as the API and the pages show it. */
export const presentBrand = (workspaceId: string, row: Row | undefined) => ({
  color: row?.color ?? null,
  /** The colour to draw with: the workspace's own, else Postline's. */
  effectiveColor: row?.color ?? DEFAULT_BRAND_COLOR,
  /** Public (share pages and mail show it); the version makes a new logo a new URL. */
  logoUrl: row?.logoKey ? `/api/brand-logos/${workspaceId}?v=${row.updatedAt}` : null,
});
export type Brand = ReturnType<typeof presentBrand>;

/** The logo's bytes and type, for a report to embed or a page to serve. */
export interface BrandLogo {
  bytes: Uint8Array<ArrayBuffer>;
  type: (typeof LOGO_TYPES)[number];
}

/** A brand change, in words, for the activity log (a settings change of the workspace). */
export type BrandLog = (change: { workspaceId: string; userId: string; summary: string }) => Promise<unknown>;

/** Where a workspace's logo lives in R2 (deleting the workspace removes the prefix). */
export const brandFilesOf = (workspaceId: string) => `brands/${workspaceId}/`;

/** Brands (ADR 085): one row per workspace in its database, the logo in R2 under `brands/<workspace>/`. */
export class BrandService {
  constructor(
    private readonly db: Db,
    private readonly bucket: R2Bucket,
    private readonly now: () => number,
    private readonly log: BrandLog = async () => {},
  ) {}

  private row(workspaceId: string) {
    return this.db.query.workspaceBrands.findFirst({ where: eq(workspaceBrands.workspaceId, workspaceId) });
  }

  async get(workspaceId: string) {
    return presentBrand(workspaceId, await this.row(workspaceId));
  }

  /** Sets the colour (null: Postline's). */
  async setColor(workspaceId: string, userId: string, color: string | null) {
    const updatedAt = this.now();
    const [row] = await this.db
      .insert(workspaceBrands)
      .values({ workspaceId, color, updatedAt })
      .onConflictDoUpdate({ target: workspaceBrands.workspaceId, set: { color, updatedAt } })
      .returning();
    await this.log({ workspaceId, userId, summary: color ? `Brand colour set to ${color}` : "Brand colour reset" });
    return presentBrand(workspaceId, row);
  }

  /** Checks and stores a logo (PNG or JPEG, at most 512 KB by its bytes, never its name), replacing the last. */
  async setLogo(workspaceId: string, userId: string, file: File | null) {
    if (!file || file.size === 0) throw new Invalid(BrandMessages.logoMissing);
    if (file.size > LOGO_MAX_BYTES) throw new TooLarge(BrandMessages.logoSize);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sniffed = await sniffType(bytes.subarray(0, 4100));
    const type = LOGO_TYPES.find((t) => t === sniffed?.mime);
    if (!type) throw new Invalid(BrandMessages.logoType);
    const before = await this.row(workspaceId);
    const logoKey = `${brandFilesOf(workspaceId)}logo-${crypto.randomUUID()}.${sniffed!.ext}`;
    await this.bucket.put(logoKey, bytes, { httpMetadata: { contentType: type } });
    const updatedAt = this.now();
    const [row] = await this.db
      .insert(workspaceBrands)
      .values({ workspaceId, logoKey, logoType: type, updatedAt })
      .onConflictDoUpdate({ target: workspaceBrands.workspaceId, set: { logoKey, logoType: type, updatedAt } })
      .returning();
    if (before?.logoKey) await this.bucket.delete(before.logoKey);
    await this.log({ workspaceId, userId, summary: "Brand logo uploaded" });
    return presentBrand(workspaceId, row);
  }

  async removeLogo(workspaceId: string, userId: string) {
    const before = await this.row(workspaceId);
    if (!before?.logoKey) throw notFound();
    const [row] = await this.db
      .update(workspaceBrands)
      .set({ logoKey: null, logoType: null, updatedAt: this.now() })
      .where(eq(workspaceBrands.workspaceId, workspaceId))
      .returning();
    await this.bucket.delete(before.logoKey);
    await this.log({ workspaceId, userId, summary: "Brand logo removed" });
    return presentBrand(workspaceId, row);
  }

  /** The logo's bytes, or null when the workspace has none. */
  async logo(workspaceId: string): Promise<BrandLogo | null> {
    const row = await this.row(workspaceId);
    const object = row?.logoKey ? await this.bucket.get(row.logoKey) : null;
    if (!object) return null;
    return { bytes: new Uint8Array(await object.arrayBuffer()), type: row!.logoType as BrandLogo["type"] };
  }

  /** What a report draws: the workspace's name, its colour (or Postline's) and its logo. */
  async forReport(workspace: { id: string; name: string }) {
    const [brand, logo] = await Promise.all([this.get(workspace.id), this.logo(workspace.id)]);
    return {
      name: workspace.name,
      color: brand.effectiveColor,
      logo: logo ? { bytes: logo.bytes, type: logo.type === "image/png" ? ("png" as const) : ("jpeg" as const) } : null,
    };
  }
}
