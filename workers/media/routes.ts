import type { Context } from "hono";
import { Hono } from "hono";
import { Invalid } from "../errors";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { confirmQuery } from "../http/confirm-query";
import { invalidateDashboardAfterWrites } from "../http/dashboard-cache";
import { HttpError, ok } from "../http/envelope";
import { claimMarkOf, idempotent } from "../http/idempotency";
import { parseOrThrow, readJson } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import { mediaDeleteWarning } from "./affected-summary";
import { CaptionMessages, captionLang, captionRequestSchema } from "./captions";
import { MAX_FILES_PER_UPLOAD, MediaMessages } from "./limits";
import {
  completeUploadSchema,
  listMediaSchema,
  prepareVariantSchema,
  startUploadSchema,
  updateMediaSchema,
  uploadFieldsSchema,
} from "./schema";
import { thumbnailRequestSchema } from "./thumbnails";

const uploader = (c: Context<SignedInEnv>) => ({ workspaceId: c.var.workspace.id, userId: c.var.auth.user.id });

const fileCount = (n: number) => `Successfully uploaded ${n} ${n === 1 ? "file" : "files"}!`;

/**
 * The answers from the work a request's claim was marked with, for the retry of a request that died before
 * answering (ADR 125): the files as they now are, or the upload session.
 */
const answers = {
  uploaded: async (c: Context<SignedInEnv>, ids: string) => {
    const items = await Promise.all(ids.split(",").map((id) => c.var.services.media.get(c.var.workspace.id, id)));
    return ok(c, items, fileCount(items.length), 201);
  },
  started: async (c: Context<SignedInEnv>, id: string) =>
    ok(c, await c.var.services.mediaUploads.session(uploader(c), id), "Upload started", 201),
  completed: async (c: Context<SignedInEnv>, id: string) =>
    ok(c, await c.var.services.media.get(c.var.workspace.id, id), fileCount(1), 201),
  prepared: async (c: Context<SignedInEnv>, id: string) =>
    ok(c, await c.var.services.media.get(c.var.workspace.id, id), "Image prepared", 201),
};

/** SPEC §7 Media, plus the multipart flow for large files (ADR 005). */
export const mediaRoutes = new Hono<SignedInEnv>()
  .use(invalidateDashboardAfterWrites)
  .get("/", requirePermission("workspace.read"), async (c) => {
    const query = parseOrThrow(listMediaSchema, c.req.query());
    return ok(c, await c.var.services.media.list(c.var.workspace.id, query));
  })
  .get("/search", requirePermission("workspace.read"), async (c) => {
    const query = parseOrThrow(listMediaSchema, c.req.query());
    return ok(c, await c.var.services.media.list(c.var.workspace.id, query));
  })
  .get("/folders", requirePermission("workspace.read"), async (c) =>
    ok(c, { folders: await c.var.services.media.folders(c.var.workspace.id) }),
  )
  .get("/folders/:folder", requirePermission("workspace.read"), async (c) => {
    const query = parseOrThrow(listMediaSchema, { ...c.req.query(), folder: c.req.param("folder") });
    return ok(c, await c.var.services.media.list(c.var.workspace.id, query));
  })
  .get("/stats", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.media.stats(c.var.workspace.id)),
  )
  .get("/recent", requirePermission("workspace.read"), async (c) => {
    const { limit } = parseOrThrow(listMediaSchema.pick({ limit: true }), { limit: c.req.query("limit") ?? 10 });
    const { media } = await c.var.services.media.list(c.var.workspace.id, parseOrThrow(listMediaSchema, { limit }));
    return ok(c, { media });
  })
  .post("/upload", requirePermission("media.upload"), idempotent(answers.uploaded), async (c) => {
    const form = await c.req.formData().catch(() => {
      throw new HttpError(400, "Please send the files as multipart form data.");
    });
    const files = form.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
    if (files.length === 0) throw new Invalid(MediaMessages.noFiles);
    if (files.length > MAX_FILES_PER_UPLOAD) throw new Invalid(MediaMessages.tooManyFiles);
    const fields = parseOrThrow(uploadFieldsSchema, {
      folder: form.get("folder") ?? undefined,
      tags: form.get("tags") ?? undefined,
      altText: form.get("altText") ?? undefined,
    });
    const saved = await c.var.services.media.saveFiles(uploader(c), files, fields, claimMarkOf(c));
    const names = saved.map((m) => m.filename).join(", ");
    await loggedWrite(c, { action: "media_added", subject: "media", subjectId: saved[0]!.id, summary: names });
    return ok(c, saved, fileCount(saved.length), 201);
  })
  .post("/uploads", requirePermission("media.upload"), idempotent(answers.started), async (c) => {
    const input = await readJson(c, startUploadSchema);
    const started = await c.var.services.mediaUploads.start(uploader(c), input, claimMarkOf(c));
    return ok(c, started, "Upload started", 201);
  })
  .put("/uploads/:id/parts/:n", requirePermission("media.upload"), async (c) => {
    const n = Number(c.req.param("n"));
    const part = await c.var.services.mediaUploads.putPart(
      uploader(c),
      c.req.param("id"),
      n,
      await c.req.arrayBuffer(),
    );
    return ok(c, part);
  })
  .post("/uploads/:id/complete", requirePermission("media.upload"), idempotent(answers.completed), async (c) => {
    const { parts } = await readJson(c, completeUploadSchema);
    const item = await c.var.services.mediaUploads.complete(uploader(c), c.req.param("id"), parts, claimMarkOf(c));
    await loggedWrite(c, { action: "media_added", subject: "media", subjectId: item.id, summary: item.filename });
    return ok(c, item, fileCount(1), 201);
  })
  .delete("/uploads/:id", requirePermission("media.upload"), async (c) => {
    await c.var.services.mediaUploads.abort(uploader(c), c.req.param("id"));
    return ok(c, null, "Upload cancelled");
  })
  .put("/:id/thumbnail", requirePermission("media.upload"), async (c) => {
    // Another workspace's file is a 404 before anything about the request is said.
    await c.var.services.media.get(c.var.workspace.id, c.req.param("id"));
    parseOrThrow(thumbnailRequestSchema, {
      contentType: (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase(),
      size: Number(c.req.header("Content-Length") ?? 0),
    });
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const item = await c.var.services.media.setThumbnail(c.var.workspace.id, c.req.param("id"), bytes);
    return ok(c, item, "Thumbnail saved");
  })
  .put("/:id/captions/:lang", requirePermission("media.manage"), async (c) => {
    // Another workspace's file is a 404 before anything about the request is said.
    await c.var.services.media.get(c.var.workspace.id, c.req.param("id"));
    const { lang } = parseOrThrow(captionRequestSchema, {
      lang: c.req.param("lang"),
      contentType: (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase(),
      size: Number(c.req.header("Content-Length") ?? 0),
    });
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const item = await c.var.services.mediaCaptions.set(c.var.workspace.id, c.req.param("id"), lang, bytes);
    await loggedWrite(c, { action: "media_changed", subject: "media", subjectId: item.id, summary: item.filename });
    return ok(c, item, CaptionMessages.saved);
  })
  .delete("/:id/captions/:lang", requirePermission("media.manage"), async (c) => {
    await c.var.services.media.get(c.var.workspace.id, c.req.param("id"));
    const lang = parseOrThrow(captionLang, c.req.param("lang"));
    const item = await c.var.services.mediaCaptions.remove(c.var.workspace.id, c.req.param("id"), lang);
    await loggedWrite(c, { action: "media_changed", subject: "media", subjectId: item.id, summary: item.filename });
    return ok(c, item, CaptionMessages.removed);
  })
  .post("/:id/variants", requirePermission("media.upload"), idempotent(answers.prepared), async (c) => {
    // Another workspace's file is a 404 before anything about the request is said.
    await c.var.services.media.get(c.var.workspace.id, c.req.param("id"));
    const form = await c.req.formData().catch(() => {
      throw new HttpError(400, "Please send the prepared image as multipart form data.");
    });
    const input = parseOrThrow(prepareVariantSchema, {
      platform: form.get("platform") ?? undefined,
      crop: form.get("crop") ?? undefined,
      file: form.get("file") ?? undefined,
    });
    const copy = await c.var.services.mediaVariants.save(uploader(c), c.req.param("id"), input, claimMarkOf(c));
    return ok(c, copy, "Image prepared", 201);
  })
  .get("/:id", requirePermission("workspace.read"), async (c) =>
    ok(c, await c.var.services.media.get(c.var.workspace.id, c.req.param("id"))),
  )
  .patch("/:id", requirePermission("media.manage"), async (c) => {
    const patch = await readJson(c, updateMediaSchema);
    const item = await c.var.services.media.update(c.var.workspace.id, c.req.param("id"), patch);
    await loggedWrite(c, { action: "media_changed", subject: "media", subjectId: item.id, summary: item.filename });
    return ok(c, item, "Media updated");
  })
  .delete("/:id", requirePermission("media.manage"), async (c) => {
    const workspaceId = c.var.workspace.id;
    const id = c.req.param("id");
    const { confirm } = parseOrThrow(confirmQuery, c.req.query());
    const { pending, published } = await c.var.services.media.postsUsing(workspaceId, id);
    if (pending.length + published.length > 0 && !confirm) {
      const message = mediaDeleteWarning(pending.length, published.length);
      return c.json({ success: false as const, message, data: { posts: [...pending, ...published] } }, 409);
    }
    const { filename } = await c.var.services.media.get(workspaceId, id);
    await c.var.services.media.deleteObjects(await c.var.services.holds.deleteMedia(workspaceId, id));
    await loggedWrite(c, { action: "media_deleted", subject: "media", subjectId: id, summary: filename });
    return ok(c, { id }, "Media removed");
  });
