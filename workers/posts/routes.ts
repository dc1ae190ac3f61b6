import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { SignedInEnv } from "../http/app-env";
import { invalidateDashboardAfterWrites } from "../http/dashboard-cache";
import { ok } from "../http/envelope";
import { idempotent } from "../http/idempotency";
import { parseOrThrow, readJson } from "../http/validate";
import { publishDeps } from "../publishing/deps";
import { publishFirstComment } from "../publishing/first-comment";
import { ADDED_TO_QUEUE, addToQueueFlag, saveToQueue } from "../queue/add-to-queue";
import { type EarlyReadStarter, earlyAnswer } from "../tenancy/early-read";
import { actorOf, requirePermission } from "../tenancy/middleware";
import { isLocalDay, listPostsSchema, toListQuery } from "./query";
import { announceSubmitted, PostReplies, sentFields, updatePost } from "./requests";
import { postFieldsSchema } from "./rules";
import type { ListedPosts } from "./store";

const deleteQuery = z.object({
  deleteRemote: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
});
const confirmBody = z.object({
  permalink: z.string().url("Please enter the post's link (a URL)").max(2048).optional(),
});

const actor = actorOf;
const ws = (c: Context<SignedInEnv>) => c.var.workspace.id;
/** A write that ended in a submission for approval: announced to the approvers and the webhooks, then answered. */
async function submitted<P extends { _id: string; content: string }>(c: Context<SignedInEnv>, post: P, status?: 201) {
  await announceSubmitted(c.var.services, actor(c), post);
  return ok(c, post, PostReplies.submitted, status);
}

/**
 * GET /api/posts reads its page in one batch with the membership lookup (ADR 050). A date-only bound is a day in the
 * workspace's zone, known only once the workspace is, so such a list waits; without one the zone is unused.
 */
export const earlyPostsList: EarlyReadStarter<ListedPosts> = (c, workspaceId) => {
  const raw = listPostsSchema.safeParse(c.req.query());
  if (!raw.success || [raw.data.from, raw.data.to].some(isLocalDay)) return null;
  return c.var.services.posts.listRead(workspaceId, toListQuery(raw.data, "UTC"));
};

/** SPEC §7 Posts. A scheduled post with pre-flight problems answers 400 with data.problems (api.ts onError). */
export const postRoutes = new Hono<SignedInEnv>()
  .use(invalidateDashboardAfterWrites)
  .get("/", requirePermission("workspace.read"), async (c) => {
    const raw = parseOrThrow(listPostsSchema, c.req.query());
    const early = earlyAnswer(c, earlyPostsList);
    return ok(c, await (early ?? c.var.services.posts.list(ws(c), toListQuery(raw, c.var.workspace.timezone))));
  })
  .post("/preflight", requirePermission("posts.write"), async (c) => {
    const fields = await readJson(c, postFieldsSchema);
    return ok(c, await c.var.services.posts.preflight(actor(c), fields));
  })
  .post("/validate", requirePermission("posts.write"), async (c) => {
    const parsed = postFieldsSchema.safeParse(await readJson(c, z.record(z.string(), z.unknown())));
    if (!parsed.success)
      return ok(c, { valid: false, messages: parsed.error.issues.map((i) => i.message), problems: [] });
    const { messages, problems } = await c.var.services.posts.preflight(actor(c), parsed.data);
    return ok(c, { valid: messages.length === 0 && problems.length === 0, messages, problems });
  })
  .post("/", requirePermission("posts.write"), idempotent, async (c) => {
    const raw = await readJson(c, z.record(z.string(), z.unknown()));
    const fields = parseOrThrow(postFieldsSchema, raw);
    const { services } = c.var;
    if (parseOrThrow(addToQueueFlag, raw).addToQueue) {
      const queued = await saveToQueue(services, actor(c), fields, (f) => services.posts.create(actor(c), f));
      if (queued.status === "pending_approval") return submitted(c, queued, 201);
      return ok(c, queued, ADDED_TO_QUEUE, 201);
    }
    const created = await services.posts.create(actor(c), fields);
    if (created.status === "pending_approval") return submitted(c, created, 201);
    if (!fields.publishNow) {
      return ok(
        c,
        created,
        created.status === "draft" ? "Draft saved successfully!" : "Post scheduled successfully!",
        201,
      );
    }
    await services.publishing.dispatchDue(ws(c));
    return ok(c, await services.posts.get(ws(c), created._id), "Post queued for publishing", 201);
  })
  .get("/:id", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.posts.get(ws(c), c.req.param("id"))),
  )
  .get("/:id/duplicates", requirePermission("workspace.read"), async (c) =>
    ok(c, { duplicates: await c.var.services.posts.duplicates(ws(c), c.req.param("id")) }),
  )
  .put("/:id", requirePermission("posts.write"), async (c) => {
    const raw = await readJson(c, z.record(z.string(), z.unknown()));
    const { parsed, patch } = sentFields(raw);
    const { services } = c.var;
    if (parseOrThrow(addToQueueFlag, raw).addToQueue) {
      const id = c.req.param("id");
      // The channels come from the patch, or from the stored post when the patch names none.
      const stored = await services.posts.get(ws(c), id);
      const channels = {
        platforms: patch.platforms ?? stored.platforms,
        selectedAccounts: patch.selectedAccounts ?? (stored.selectedAccounts as Record<string, string[]>),
      };
      const queued = await saveToQueue(services, actor(c), { ...parsed, ...channels }, (f) =>
        services.posts.update(actor(c), id, {
          ...patch,
          status: f.status,
          publishNow: false,
          scheduledDate: f.scheduledDate,
        }),
      );
      if (queued.status === "pending_approval") return submitted(c, queued);
      return ok(c, queued, ADDED_TO_QUEUE);
    }
    const { post, message } = await updatePost(services, actor(c), c.req.param("id"), patch);
    return ok(c, post, message);
  })
  .delete("/:id", requirePermission("posts.write"), async (c) => {
    const { deleteRemote } = parseOrThrow(deleteQuery, c.req.query());
    const { message, ...deleted } = await c.var.services.deletePost(actor(c), c.req.param("id"), deleteRemote);
    return ok(c, deleted, message);
  })
  .post("/:id/publish", requirePermission("posts.publish"), idempotent, async (c) => {
    const { services } = c.var;
    const asked = await services.posts.publish(actor(c), c.req.param("id"));
    if (asked.status === "pending_approval") return submitted(c, asked);
    await services.publishing.dispatchDue(ws(c));
    return ok(c, await services.posts.get(ws(c), c.req.param("id")), "Post queued for publishing");
  })
  .post("/:id/targets/:targetId/retry", requirePermission("posts.publish"), idempotent, async (c) => {
    const { services } = c.var;
    await services.publishing.retryTarget(ws(c), c.req.param("id"), c.req.param("targetId"));
    return ok(c, await services.posts.get(ws(c), c.req.param("id")), "Retrying this channel");
  })
  .post("/:id/targets/:targetId/first-comment/retry", requirePermission("posts.publish"), idempotent, async (c) => {
    const { services } = c.var;
    const [postId, targetId] = [c.req.param("id"), c.req.param("targetId")];
    await services.publishing.ensureCommentRetryable(ws(c), postId, targetId);
    await publishFirstComment(targetId, publishDeps(services));
    const post = await services.posts.get(ws(c), postId);
    const comment = post.platformPosts.find((t) => t.id === targetId)?.firstComment;
    return ok(
      c,
      post,
      comment?.status === "published" ? "First comment published" : `First comment failed: ${comment?.error ?? ""}`,
    );
  })
  .post("/:id/targets/:targetId/confirm", requirePermission("posts.publish"), idempotent, async (c) => {
    const { permalink } = await readJson(c, confirmBody);
    const { services } = c.var;
    await services.publishing.confirmPublished(ws(c), c.req.param("id"), c.req.param("targetId"), permalink ?? null);
    return ok(c, await services.posts.get(ws(c), c.req.param("id")), "Marked as published");
  });
