import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../auth/middleware";
import type { AppEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { parseOrThrow, readJson } from "../http/validate";
import { listPostsSchema, toListQuery } from "./query";
import { postFieldsSchema, type PostFields } from "./schema";
import { PreflightError } from "./store";

const actor = (c: { var: AppEnv["Variables"] }) => ({ id: c.var.auth!.user.id, timezone: c.var.auth!.user.timezone });

/** SPEC §7 Posts. A scheduled post with pre-flight problems answers 400 with data.problems. */
export const postRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .onError((err, c) => {
    if (err instanceof PreflightError) return c.json({ success: false as const, message: err.message, data: { problems: err.problems } }, 400);
    throw err;
  })
  .get("/", async (c) => {
    const raw = parseOrThrow(listPostsSchema, c.req.query());
    return ok(c, await c.var.services.posts.list(actor(c), toListQuery(raw, actor(c).timezone)));
  })
  .post("/preflight", async (c) => {
    const fields = await readJson(c, postFieldsSchema);
    return ok(c, await c.var.services.posts.preflight(actor(c), fields));
  })
  .post("/", async (c) => {
    const fields = await readJson(c, postFieldsSchema);
    const post = await c.var.services.posts.create(actor(c), fields);
    const message = fields.publishNow ? "Post queued for publishing" : post.status === "draft" ? "Draft saved successfully!" : "Post scheduled successfully!";
    return ok(c, post, message, 201);
  })
  .get("/:id", async (c) => ok(c, await c.var.services.posts.get(actor(c).id, c.req.param("id"))))
  .put("/:id", async (c) => {
    const raw = await readJson(c, z.record(z.string(), z.unknown()));
    const parsed = parseOrThrow(postFieldsSchema, raw);
    // Only the fields the caller sent change; the rest keep their stored values.
    const patch = Object.fromEntries(Object.entries(parsed).filter(([k]) => k in raw)) as Partial<PostFields>;
    return ok(c, await c.var.services.posts.update(actor(c), c.req.param("id"), patch), "Post updated successfully");
  })
  .delete("/:id", async (c) => {
    await c.var.services.posts.remove(actor(c).id, c.req.param("id"));
    return ok(c, { id: c.req.param("id") }, "Post deleted successfully");
  })
  .post("/:id/publish", async (c) => ok(c, await c.var.services.posts.publish(actor(c), c.req.param("id")), "Post queued for publishing"));
