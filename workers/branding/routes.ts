import { Hono } from "hono";
import { z } from "zod";
import { notFound } from "../errors";
import type { AppEnv, SignedInEnv } from "../http/app-env";
import { HttpError, ok } from "../http/envelope";
import { describeRoute } from "../http/route-registry";
import { readJson } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import { BrandMessages, brandInput } from "./rules";
import { BrandData } from "./schemas";
import { brandService } from "./service-of";

const tag = "Workspaces";
describeRoute({
  method: "get",
  path: "/api/brand",
  tag,
  summary: "The workspace's brand: colour and logo",
  data: BrandData,
});
describeRoute({
  method: "put",
  path: "/api/brand",
  tag,
  summary: "Set the workspace's brand colour (null: Postline's); white text on it needs 3:1 contrast",
  body: brandInput,
  data: BrandData,
});
describeRoute({
  method: "put",
  path: "/api/brand/logo",
  tag,
  summary: "Upload the workspace's logo (PNG or JPEG, at most 512 KB)",
  form: z.object({ logo: z.file() }),
  data: BrandData,
  errors: [413],
});
describeRoute({
  method: "delete",
  path: "/api/brand/logo",
  tag,
  summary: "Remove the workspace's logo",
  data: BrandData,
});
describeRoute({
  method: "get",
  path: "/api/brand-logos/{workspaceId}",
  tag,
  auth: false,
  summary: "A workspace's logo, public: its share pages and emails show it",
  file: ["image/png", "image/jpeg"],
});

/** /api/brand (ADR 085): anyone in the workspace reads it; its admins change it. */
export const brandRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission("workspace.read"), async (c) =>
    ok(c, await brandService(c.var.services).get(c.var.workspace.id)),
  )
  .put("/", requirePermission("workspace.settings"), async (c) => {
    const { color } = await readJson(c, brandInput);
    const brand = await brandService(c.var.services).setColor(c.var.workspace.id, c.var.auth.user.id, color);
    return ok(c, brand, BrandMessages.saved);
  })
  .put("/logo", requirePermission("workspace.settings"), async (c) => {
    const form = await c.req.formData().catch(() => {
      throw new HttpError(400, "Please send the logo as multipart form data.");
    });
    const file = form.get("logo");
    const logo = file instanceof File ? file : null;
    const brand = await brandService(c.var.services).setLogo(c.var.workspace.id, c.var.auth.user.id, logo);
    return ok(c, brand, BrandMessages.logoSaved);
  })
  .delete("/logo", requirePermission("workspace.settings"), async (c) => {
    const brand = await brandService(c.var.services).removeLogo(c.var.workspace.id, c.var.auth.user.id);
    return ok(c, brand, BrandMessages.logoRemoved);
  });

/** The public logo: a workspace id that has none (or does not exist) is a 404 like any unknown resource. */
export const brandLogoRoutes = new Hono<AppEnv>().get("/:workspaceId", async (c) => {
  // No session names the workspace here: its shard comes from the directory (ADR 081).
  const workspaceId = c.req.param("workspaceId");
  const { db } = await c.var.services.servicesOfWorkspace(workspaceId);
  const logo = await brandService({ db, env: c.env, now: c.var.services.now }).logo(workspaceId);
  if (!logo) throw notFound();
  return new Response(logo.bytes, {
    headers: {
      "Content-Type": logo.type,
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
