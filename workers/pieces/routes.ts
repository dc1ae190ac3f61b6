import { Hono } from "hono";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { describeRoute as d, noData } from "../http/route-registry";
import { readJson } from "../http/validate";
import { actorOf, requirePermission } from "../tenancy/middleware";
import { PieceAnswer, PieceList, PieceReplies, pieceBody, piecePatchBody } from "./schemas";
import { pieceService } from "./service";

const T = "Saved pieces";
d({
  method: "get",
  path: "/api/pieces",
  tag: T,
  summary: "The workspace's hashtag groups, caption templates and channel signatures",
  data: PieceList,
});
d({
  method: "post",
  path: "/api/pieces",
  tag: T,
  summary: "Save a hashtag group, a caption template or a channel's signature",
  body: pieceBody,
  data: PieceAnswer,
  status: 201,
  errors: [409],
});
d({
  method: "patch",
  path: "/api/pieces/{id}",
  tag: T,
  summary: "Rename a saved piece or change its text",
  body: piecePatchBody,
  data: PieceAnswer,
});
d({ method: "delete", path: "/api/pieces/{id}", tag: T, summary: "Remove a saved piece", data: noData });

/** /api/pieces (ADR 087): whoever writes posts may keep the pieces they are written from. */
export const pieceRoutes = new Hono<SignedInEnv>()
  .get("/", requirePermission("workspace.read"), async (c) =>
    ok(c, { pieces: await pieceService(c.var.services).list(c.var.workspace.id) }),
  )
  .post("/", requirePermission("posts.write"), async (c) => {
    const body = await readJson(c, pieceBody);
    const piece = await pieceService(c.var.services).add(actorOf(c), body);
    await loggedWrite(c, { action: "piece_added", subject: "piece", subjectId: piece.id, summary: piece.name });
    return ok(c, piece, PieceReplies.added, 201);
  })
  .patch("/:id", requirePermission("posts.write"), async (c) => {
    const body = await readJson(c, piecePatchBody);
    const piece = await pieceService(c.var.services).update(c.var.workspace.id, c.req.param("id"), body);
    await loggedWrite(c, { action: "piece_changed", subject: "piece", subjectId: piece.id, summary: piece.name });
    return ok(c, piece, PieceReplies.updated);
  })
  .delete("/:id", requirePermission("posts.write"), async (c) => {
    const id = c.req.param("id");
    const name = await pieceService(c.var.services).remove(c.var.workspace.id, id);
    await loggedWrite(c, { action: "piece_deleted", subject: "piece", subjectId: id, summary: name });
    return ok(c, null, PieceReplies.removed);
  });
