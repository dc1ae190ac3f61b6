import { Hono } from "hono";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute as d } from "../http/route-registry";
import { readJson } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import { LabelList, LabelReplies, postLabelsBody } from "./schemas";
import { labelService } from "./service";

d({
  method: "get",
  path: "/api/posts/{id}/labels",
  tag: "Labels",
  summary: "The labels a post carries",
  data: LabelList,
});
d({
  method: "put",
  path: "/api/posts/{id}/labels",
  tag: "Labels",
  summary: "Set the labels a post carries (the whole set; an empty list takes them all off)",
  body: postLabelsBody,
  data: LabelList,
});

/** /api/posts/:id/labels (ADR 094): the composer's label picker. */
export const postLabelRoutes = new Hono<SignedInEnv>()
  .get("/:id/labels", requirePermission("workspace.read"), async (c) =>
    ok(c, { labels: await labelService(c.var.services).ofPost(c.var.workspace.id, c.req.param("id")) }),
  )
  .put("/:id/labels", requirePermission("posts.write"), async (c) => {
    const { labelIds } = await readJson(c, postLabelsBody);
    const postId = c.req.param("id");
    const labels = await labelService(c.var.services).setOfPost(c.var.workspace.id, postId, labelIds);
    const summary = labels.length ? `Labels: ${labels.map((l) => l.name).join(", ")}` : "Labels removed";
    await loggedWrite(c, { action: "edited", subject: "post", subjectId: postId, summary });
    return ok(c, { labels }, LabelReplies.posted);
  });
