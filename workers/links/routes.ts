import { Hono } from "hono";
import { z } from "zod";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute as d } from "../http/route-registry";
import { parseOrThrow, readJson } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import { clicksQuery, LinkReplies, linkSettingsBody } from "./schemas";

/** Clicks in the range: the total, per channel, per post, each link, and the link-in-bio page's items. */
const Clicks = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number(),
  byChannel: z.array(z.looseObject({ clicks: z.number() })),
  byPost: z.array(z.looseObject({ postId: z.string(), clicks: z.number() })),
  bio: z.object({
    total: z.number(),
    items: z.array(
      z.object({ item: z.string(), label: z.string(), postId: z.string().nullable(), clicks: z.number() }),
    ),
  }),
  links: z.array(
    z.looseObject({
      id: z.string(),
      code: z.string(),
      postId: z.string(),
      destination: z.string(),
      clicks: z.number(),
    }),
  ),
});

d({
  method: "get",
  path: "/api/links",
  tag: "Links",
  summary:
    "Short links of published posts and the link-in-bio page with their clicks, in total, per channel and per post",
  query: clicksQuery,
  data: Clicks,
});
d({
  method: "get",
  path: "/api/links/settings",
  tag: "Links",
  summary: "Whether links in published posts are shortened and counted, and the UTM parameters added",
  data: linkSettingsBody,
});
d({
  method: "put",
  path: "/api/links/settings",
  tag: "Links",
  summary: "Turn link shortening and click counting on or off, and set the UTM parameters",
  body: linkSettingsBody,
  data: linkSettingsBody,
});

/** /api/links: short links that count clicks (ADR 067); the redirect itself is `/l/<code>`, outside the API. */
export const linkRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission("workspace.read"), async (c) => {
    const q = parseOrThrow(clicksQuery, c.req.query());
    return ok(c, await c.var.services.links.clicks(c.var.workspace.id, q));
  })
  .get("/settings", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.links.settings(c.var.workspace.id)),
  )
  .put("/settings", requirePermission("workspace.settings"), async (c) => {
    const body = await readJson(c, linkSettingsBody);
    const saved = await c.var.services.links.saveSettings(c.var.workspace.id, body);
    const summary = saved.enabled ? "Link tracking on" : "Link tracking off";
    await loggedWrite(c, { action: "settings_changed", subject: "workspace", subjectId: c.var.workspace.id, summary });
    return ok(c, saved, LinkReplies.saved(saved.enabled));
  });
