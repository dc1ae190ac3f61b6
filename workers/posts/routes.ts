import { invalidateDashboardAfterWrites } from "../dashboard/service";
import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../auth/middleware";
import type { AppEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { parseOrThrow, readJson } from "../http/validate";
import { listPostsSchema, toListQuery } from "./query";
import { postFieldsSchema, type PostFields } from "./schema";
import { PreflightError } from "./store";

const deleteQuery = z.object({ deleteRemote: z.enum(["true", "false"]).default("false").transform((v) => v === "true") });
const confirmBody = z.object({ permalink: z.string().url("Please enter the post's link (a URL)").max(2048).optional() });

const actor = (c: { var: AppEnv["Variables"] }) => ({ id: c.var.auth!.user.id, timezone: c.var.auth!.user.timezone });

/** SPEC §7 Posts. A scheduled post with pre-flight problems answers 400 with data.problems. */
export const postRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .use(invalidateDashboardAfterWrites)
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
    const { services } = c.var;
    const created = await services.posts.create(actor(c), fields);
    if (!fields.publishNow) {
      return ok(c, created, created.status === "draft" ? "Draft saved successfully!" : "Post scheduled successfully!", 201);
    }
    await services.publishing.dispatchDue(actor(c).id);
    return ok(c, await services.posts.get(actor(c).id, created._id), "Post queued for publishing", 201);
  })
  .get("/:id", async (c) => ok(c, await c.var.services.posts.get(actor(c).id, c.req.param("id"))))
  .get("/:id/duplicates", async (c) => ok(c, { duplicates: await c.var.services.posts.duplicates(actor(c).id, c.req.param("id")) }))
  .put("/:id", async (c) => {
    const raw = await readJson(c, z.record(z.string(), z.unknown()));
    const parsed = parseOrThrow(postFieldsSchema, raw);
    // Only the fields the caller sent change; the rest keep their stored values.
    const patch = Object.fromEntries(Object.entries(parsed).filter(([k]) => k in raw)) as Partial<PostFields>;
    return ok(c, await c.var.services.posts.update(actor(c), c.req.param("id"), patch), "Post updated successfully");
  })
  .delete("/:id", async (c) => {
    const { services } = c.var;
    const id = c.req.param("id");
    const { deleteRemote } = parseOrThrow(deleteQuery, c.req.query());
    const remote = deleteRemote ? await services.publishing.deleteRemote(actor(c).id, id) : [];
    await services.posts.remove(actor(c).id, id);
    const refused = remote.filter((r) => !r.deleted);
    const message = refused.length
      ? `Post deleted here; not deleted on ${refused.map((r) => `${r.platform} (${r.message})`).join(", ")}`
      : "Post deleted successfully";
    return ok(c, { id, remote }, message);
  })
  .post("/:id/publish", async (c) => {
    const { services } = c.var;
    await services.posts.publish(actor(c), c.req.param("id"));
    await services.publishing.dispatchDue(actor(c).id);
    return ok(c, await services.posts.get(actor(c).id, c.req.param("id")), "Post queued for publishing");
  })
  .post("/:id/targets/:targetId/retry", async (c) => {
    const { services } = c.var;
    await services.publishing.retryTarget(actor(c).id, c.req.param("id"), c.req.param("targetId"));
    return ok(c, await services.posts.get(actor(c).id, c.req.param("id")), "Retrying this channel");
  })
  .post("/:id/targets/:targetId/confirm", async (c) => {
    const { permalink } = await readJson(c, confirmBody);
    const { services } = c.var;
    await services.publishing.confirmPublished(actor(c).id, c.req.param("id"), c.req.param("targetId"), permalink ?? null);
    return ok(c, await services.posts.get(actor(c).id, c.req.param("id")), "Marked as published");
  });
