import { Hono } from "hono";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute as d } from "../http/route-registry";
import { readJson } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import { PostLinkOptions, PostLinkReplies, postLinkOptionsBody } from "./schemas";

d({
  method: "get",
  path: "/api/posts/{id}/link-options",
  tag: "Links",
  summary: "A post's own link choices (short links or not, its UTM campaign) and each link's final URL per channel",
  data: PostLinkOptions,
});
d({
  method: "put",
  path: "/api/posts/{id}/link-options",
  tag: "Links",
  summary: "Opt a post out of short links, or give it its own UTM campaign and medium",
  body: postLinkOptionsBody,
  data: PostLinkOptions,
  // A channel is live: its links are fixed.
  errors: [409],
});

/** /api/posts/:id/link-options (ADR 094): the composer's UTM builder and short-link opt-out for one post. */
export const postLinkRoutes = new Hono<SignedInEnv>()
  .get("/:id/link-options", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.links.postOptions(c.var.workspace.id, c.req.param("id"))),
  )
  .put("/:id/link-options", requirePermission("posts.write"), async (c) => {
    const body = await readJson(c, postLinkOptionsBody);
    const postId = c.req.param("id");
    const saved = await c.var.services.links.savePostOptions(c.var.workspace.id, postId, body);
    const summary = saved.shorten ? "Link options changed" : "Short links turned off for this post";
    await loggedWrite(c, { action: "edited", subject: "post", subjectId: postId, summary });
    return ok(c, saved, PostLinkReplies.saved(saved.shorten));
  });
