import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import type { AnsweredCommand } from "../commands";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { claimMarkOf, idempotent } from "../http/idempotency";
import { parseOrThrow, readJson } from "../http/validate";
import { type EarlyReadStarter, earlyAnswer } from "../tenancy/early-read";
import { actorOf, requirePermission } from "../tenancy/middleware";
import { isLocalDay, listPostsSchema, toListQuery } from "./query";
import { postFieldsSchema } from "./rules";
import { addToQueueFlag, confirmBody, deleteQuery, sentFields } from "./schemas";
import type { ListedPosts } from "./store";

const actor = actorOf;
const ws = (c: Context<SignedInEnv>) => c.var.workspace.id;
const commands = (c: Context<SignedInEnv>) => c.var.services.postCommands;

/**
 * A post command's answer from the post its claim was marked with, for the retry of a request that died after its
 * work and before its answer (ADR 125): the post as it is now, with the words its command chooses for it.
 */
const postAnswer =
  (status: 200 | 201, command: (c: Context<SignedInEnv>) => AnsweredCommand | Promise<AnsweredCommand>) =>
  async (c: Context<SignedInEnv>, postId: string) => {
    const { post, message } = await commands(c).answered(ws(c), postId, await command(c));
    return ok(c, post, message, status);
  };

/**
 * GET /api/posts reads its page in one batch with the membership lookup (ADR 050). A date-only bound is a day in the
 * workspace's zone, known only once the workspace is, so such a list waits; without one the zone is unused.
 */
export const earlyPostsList: EarlyReadStarter<ListedPosts> = (c, workspaceId) => {
  const raw = listPostsSchema.safeParse(c.req.query());
  if (!raw.success || [raw.data.from, raw.data.to].some(isLocalDay)) return null;
  return c.var.services.posts.listRead(workspaceId, toListQuery(raw.data, "UTC"));
};

/**
 * SPEC §7 Posts: parse, one post command (workers/commands/, which also clears the dashboard's cache), reply. A
 * scheduled post with pre-flight problems answers 400 with data.problems (api.ts onError).
 */
export const postRoutes = new Hono<SignedInEnv>()
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
  .post(
    "/",
    requirePermission("posts.write"),
    idempotent(
      postAnswer(201, async (c) => ({
        kind: "create",
        ...parseOrThrow(addToQueueFlag, await readJson(c, z.record(z.string(), z.unknown()))),
      })),
    ),
    async (c) => {
      const raw = await readJson(c, z.record(z.string(), z.unknown()));
      const fields = parseOrThrow(postFieldsSchema, raw);
      const { addToQueue } = parseOrThrow(addToQueueFlag, raw);
      const { post, message } = await commands(c).create(actor(c), fields, { addToQueue, mark: claimMarkOf(c) });
      return ok(c, post, message, 201);
    },
  )
  .get("/:id", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.posts.get(ws(c), c.req.param("id"))),
  )
  .get("/:id/duplicates", requirePermission("workspace.read"), async (c) =>
    ok(c, { duplicates: await c.var.services.posts.duplicates(ws(c), c.req.param("id")) }),
  )
  .put("/:id", requirePermission("posts.write"), async (c) => {
    const raw = await readJson(c, z.record(z.string(), z.unknown()));
    const sent = sentFields(raw);
    const { addToQueue } = parseOrThrow(addToQueueFlag, raw);
    const { post, message } = await commands(c).update(actor(c), c.req.param("id"), sent, { addToQueue });
    return ok(c, post, message);
  })
  .delete("/:id", requirePermission("posts.write"), async (c) => {
    const { deleteRemote } = parseOrThrow(deleteQuery, c.req.query());
    const { message, ...deleted } = await commands(c).remove(actor(c), c.req.param("id"), deleteRemote);
    return ok(c, deleted, message);
  })
  .post(
    "/:id/publish",
    requirePermission("posts.publish"),
    idempotent(postAnswer(200, () => ({ kind: "publish" }))),
    async (c) => {
      const { post, message } = await commands(c).publish(actor(c), c.req.param("id"), claimMarkOf(c));
      return ok(c, post, message);
    },
  )
  .post(
    "/:id/targets/:targetId/retry",
    requirePermission("posts.publish"),
    idempotent(postAnswer(200, () => ({ kind: "retry" }))),
    async (c) => {
      const [postId, targetId] = [c.req.param("id"), c.req.param("targetId")];
      const { post, message } = await commands(c).retryTarget(actor(c), postId, targetId, claimMarkOf(c));
      return ok(c, post, message);
    },
  )
  .post(
    "/:id/targets/:targetId/first-comment/retry",
    requirePermission("posts.publish"),
    idempotent(postAnswer(200, (c) => ({ kind: "firstComment", targetId: c.req.param("targetId") ?? "" }))),
    async (c) => {
      const [postId, targetId] = [c.req.param("id"), c.req.param("targetId")];
      const { post, message } = await commands(c).retryFirstComment(actor(c), postId, targetId, claimMarkOf(c));
      return ok(c, post, message);
    },
  )
  .post(
    "/:id/targets/:targetId/confirm",
    requirePermission("posts.publish"),
    idempotent(postAnswer(200, () => ({ kind: "confirm" }))),
    async (c) => {
      const { permalink } = await readJson(c, confirmBody);
      const [postId, targetId] = [c.req.param("id"), c.req.param("targetId")];
      const { post, message } = await commands(c).confirm(
        actor(c),
        postId,
        targetId,
        permalink ?? null,
        claimMarkOf(c),
      );
      return ok(c, post, message);
    },
  );
