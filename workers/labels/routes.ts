import { Hono } from "hono";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute as d, noData } from "../http/route-registry";
import { parseOrThrow, readJson } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import {
  CampaignReport,
  campaignQuery,
  LabelAnswer,
  LabelList,
  LabelReplies,
  labelBody,
  labelPatchBody,
} from "./schemas";
import { labelService } from "./service";

const T = "Labels";
d({ method: "get", path: "/api/labels", tag: T, summary: "The workspace's labels (its campaigns)", data: LabelList });
d({
  method: "post",
  path: "/api/labels",
  tag: T,
  summary: "Add a label with a colour",
  body: labelBody,
  data: LabelAnswer,
  status: 201,
  errors: [409],
});
d({
  method: "get",
  path: "/api/labels/report",
  tag: T,
  summary: "Each campaign's posts, link clicks in the range and current impressions and engagement",
  query: campaignQuery,
  data: CampaignReport,
});
d({
  method: "patch",
  path: "/api/labels/{id}",
  tag: T,
  summary: "Rename a label or change its colour",
  body: labelPatchBody,
  data: LabelAnswer,
  errors: [409],
});
d({
  method: "delete",
  path: "/api/labels/{id}",
  tag: T,
  summary: "Remove a label from the workspace and its posts",
  data: noData,
});

/** /api/labels (ADR 094): whoever writes posts keeps the labels they sort them by. */
export const labelRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission("workspace.read"), async (c) =>
    ok(c, { labels: await labelService(c.var.services).list(c.var.workspace.id) }),
  )
  .post("/", requirePermission("posts.write"), async (c) => {
    const body = await readJson(c, labelBody);
    const label = await labelService(c.var.services).add(c.var.workspace.id, body);
    await loggedWrite(c, { action: "label_added", subject: "label", subjectId: label.id, summary: label.name });
    return ok(c, label, LabelReplies.added, 201);
  })
  .get("/report", requirePermission("workspace.read"), async (c) => {
    const q = parseOrThrow(campaignQuery, c.req.query());
    return ok(c, await labelService(c.var.services).report(c.var.workspace.id, q));
  })
  .patch("/:id", requirePermission("posts.write"), async (c) => {
    const body = await readJson(c, labelPatchBody);
    const label = await labelService(c.var.services).update(c.var.workspace.id, c.req.param("id"), body);
    await loggedWrite(c, { action: "label_changed", subject: "label", subjectId: label.id, summary: label.name });
    return ok(c, label, LabelReplies.updated);
  })
  .delete("/:id", requirePermission("posts.write"), async (c) => {
    const id = c.req.param("id");
    const name = await labelService(c.var.services).remove(c.var.workspace.id, id);
    await loggedWrite(c, { action: "label_deleted", subject: "label", subjectId: id, summary: name });
    return ok(c, null, LabelReplies.removed);
  });
