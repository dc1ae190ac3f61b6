import { data } from "react-router";
import { runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { FormReply } from "~/lib/use-form-action";
import type { AppContext } from "../../workers/context";
import { recordWrite, type Written } from "../../workers/http/activity";
import { parseOrThrow } from "../../workers/http/validate";
import { PieceReplies, pieceBody, pieceService } from "../../workers/pieces/index";
import { ensurePermitted } from "../../workers/tenancy/middleware";

/** Content → Saved pieces: the workspace's pieces as GET /api/pieces reads them. */
export async function piecesTabData(ctx: AppContext, url: URL) {
  const { workspace, vars } = signedIn(ctx, url);
  ensurePermitted(vars, "workspace.read");
  return {
    pieces: await pieceService(ctx.services).list(workspace.id),
  };
}

/** Content → Saved pieces' forms: save one and remove one, with the API's rules and messages. */
export async function piecesAction(form: FormData, ctx: AppContext, url: URL) {
  const { actor, vars } = signedIn(ctx, url);
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const pieces = pieceService(ctx.services);
  // In the activity log as the API's piece routes record it.
  const log = (written: Written) =>
    recordWrite(ctx.services, { workspaceId: actor.workspace.id, userId: actor.userId }, written);
  return runForm(
    intent,
    async () => {
      ensurePermitted(vars, "posts.write");
      switch (intent) {
        case "piece-add": {
          const body = parseOrThrow(pieceBody, {
            kind: form.get("kind") ?? "",
            name: form.get("name") ?? "",
            body: form.get("body") ?? "",
            platform: form.get("platform") ?? null,
          });
          const piece = await pieces.add(actor, body);
          await log({ action: "piece_added", subject: "piece", subjectId: piece.id, summary: piece.name });
          return { ok: true as const, intent, message: PieceReplies.added };
        }
        case "piece-remove": {
          const name = await pieces.remove(actor.workspace.id, id);
          await log({ action: "piece_deleted", subject: "piece", subjectId: id, summary: name });
          return { ok: true as const, intent, id, message: PieceReplies.removed };
        }
        default:
          return data<FormReply>({ ok: false, intent, message: "Unknown form." }, { status: 400 });
      }
    },
    id || undefined,
  );
}
