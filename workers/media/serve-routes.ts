import { Hono } from "hono";
import { Forbidden, Unauthenticated } from "../errors";
import type { AppEnv } from "../http/app-env";
import { HttpError, Messages } from "../http/envelope";
import type { MediaRow } from "./present";
import { MediaUrlSigner } from "./signed-url";

const INLINE_KINDS = new Set(["image", "video"]);

/**
 * The bytes of a media item. Only sniffed images and videos are ever stored; even so anything else
 * would be sent as an attachment, never inline, and the browser is told not to guess the type.
 */
function fileResponse(row: MediaRow, object: R2ObjectBody, ranged: boolean, cache: string): Response {
  const headers = new Headers({
    "Content-Type": row.mimeType,
    "Accept-Ranges": "bytes",
    "Cache-Control": cache,
    "X-Content-Type-Options": "nosniff",
    ETag: object.httpEtag,
  });
  const name = encodeURIComponent(row.filename);
  headers.set(
    "Content-Disposition",
    `${INLINE_KINDS.has(row.fileType) ? "inline" : "attachment"}; filename*=UTF-8''${name}`,
  );
  const range = object.range as { offset: number; length: number } | undefined;
  if (ranged && range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { status: 200, headers });
}

function rangeOf(req: Request): Headers | undefined {
  const range = req.headers.get("Range");
  if (!range) return undefined;
  if (!/^bytes=(\d+-\d*|-\d+)$/.test(range.trim())) throw new HttpError(416, "Requested range not satisfiable.");
  return new Headers({ Range: range.trim() });
}

/** /media/{id} for a member's session (any role); /media/s/{id}?exp&sig for platforms fetching while publishing. */
export const mediaFileRoutes = new Hono<AppEnv>()
  .get("/s/:id/:name?", async (c) => {
    const key = c.req.param("id");
    const valid = await c.var.services.mediaUrls.verify(key, c.req.query("exp"), c.req.query("sig"));
    if (!valid) throw new Forbidden("This media link is invalid or has expired.");
    const range = rangeOf(c.req.raw);
    const { media } = await c.var.services.servicesForToken(key);
    const { row, object } = await media.object(null, MediaUrlSigner.mediaIdOf(key), range);
    return fileResponse(row, object, range !== undefined, "public, max-age=3600");
  })
  .get("/:id/thumb", async (c) => {
    const { workspace } = c.var;
    if (!workspace) throw new Unauthenticated(Messages.unauthorized);
    const object = await c.var.services.media.thumbnail(workspace.id, c.req.param("id"));
    // A thumbnail is replaced under a new key only when its type changes; the ETag keeps caches honest.
    return new Response(object.body, {
      headers: {
        "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
        "Content-Length": String(object.size),
        "Cache-Control": "private, max-age=3600",
        "X-Content-Type-Options": "nosniff",
        ETag: object.httpEtag,
      },
    });
  })
  .get("/:id", async (c) => {
    const { workspace } = c.var;
    if (!workspace) throw new Unauthenticated(Messages.unauthorized);
    const range = rangeOf(c.req.raw);
    const { row, object } = await c.var.services.media.object(workspace.id, c.req.param("id"), range);
    return fileResponse(row, object, range !== undefined, "private, max-age=3600");
  });
