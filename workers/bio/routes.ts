import { Hono } from "hono";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute as d } from "../http/route-registry";
import { readJson } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import { BioReplies, BioView, bioBody } from "./schemas";
import { bioService } from "./service";

d({
  method: "get",
  path: "/api/bio",
  tag: "Links",
  summary: "The workspace's link-in-bio page and its clicks",
  data: BioView,
});
d({
  method: "put",
  path: "/api/bio",
  tag: "Links",
  summary: "Set the workspace's public /bio/<handle> page: its title and links",
  body: bioBody,
  data: BioView,
  errors: [409],
});

/** /api/bio (ADR 077): anyone in the workspace reads it; its admins change the public page. */
export const bioRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission("workspace.read"), async (c) =>
    ok(c, await bioService(c.var.services).get(c.var.workspace.id)),
  )
  .put("/", requirePermission("workspace.settings"), async (c) => {
    const body = await readJson(c, bioBody);
    const saved = await bioService(c.var.services).save(c.var.workspace.id, body);
    const summary = `Link in bio: /bio/${body.handle}`;
    await loggedWrite(c, { action: "settings_changed", subject: "workspace", subjectId: c.var.workspace.id, summary });
    return ok(c, saved, BioReplies.saved);
  });
