import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { constantTimeEqualText } from "../crypto";
import { reportFiles } from "../db/schema/index";
import { notFound } from "../errors";
import type { AppEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute } from "../http/route-registry";
import { secretOfToken } from "../tenancy/public-token";
import { REPORT_LINK_TTL_MS, reportLinkSignature } from "./report-delivery";
import { unsubscribe, unsubscribeDeps, unsubscribeView } from "./report-recipients";

const tag = "Reports";
const Unsubscription = z.object({
  email: z.string(),
  workspace: z.string(),
  kind: z.string(),
  unsubscribed: z.boolean(),
});
describeRoute({
  method: "get",
  path: "/api/report-files/{id}",
  tag,
  auth: false,
  summary: "A scheduled report too large to attach, through the signed link its mail carries (7 days)",
  query: z.object({ exp: z.string(), sig: z.string() }),
  file: ["application/pdf", "text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
});
describeRoute({
  method: "get",
  path: "/api/report-unsubscribe/{token}",
  tag,
  auth: false,
  summary: "Whose report an unsubscribe link stops, to which address",
  data: Unsubscription,
});
describeRoute({
  method: "post",
  path: "/api/report-unsubscribe/{token}",
  tag,
  auth: false,
  summary: "Stop a scheduled report to an external recipient (the link in its mail)",
  data: Unsubscription,
});

/** The links in a report's mail: they work without an account; their signature is the secret. */
export const reportPublicRoutes = new Hono<AppEnv>()
  .get("/report-files/:id", async (c) => {
    const { exp, sig } = c.req.query();
    // `<workspace>.<file id>`, read on the workspace's shard; a link mailed before links named it is read on DB.
    const key = c.req.param("id");
    const now = c.var.services.now();
    const expiry = Number(exp);
    if (!sig || !/^\d{1,16}$/.test(exp ?? "") || expiry < now || expiry > now + REPORT_LINK_TTL_MS) throw notFound();
    if (!constantTimeEqualText(await reportLinkSignature(c.var.services.config.SESSION_SECRET, key, expiry), sig))
      throw notFound();
    const { db } = await c.var.services.servicesForToken(key);
    const row = await db.query.reportFiles.findFirst({ where: eq(reportFiles.id, secretOfToken(key)) });
    const object = row ? await c.env.MEDIA.get(row.r2Key) : null;
    if (!object) throw notFound();
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    object.writeHttpMetadata(headers);
    return new Response(object.body, { headers });
  })
  .get("/report-unsubscribe/:token", async (c) =>
    ok(c, await unsubscribeView(await unsubscribeDeps(c.var.services, c.req.param("token")), c.req.param("token"))),
  )
  .post("/report-unsubscribe/:token", async (c) => {
    const token = c.req.param("token");
    const done = await unsubscribe(await unsubscribeDeps(c.var.services, token), token, c.var.services.now());
    return ok(c, done, `${done.email} will no longer receive this report.`);
  });
