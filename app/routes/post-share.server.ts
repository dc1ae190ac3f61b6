import { data } from "react-router";
import { z } from "zod";
import { loadOrThrow, runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { FormReply } from "~/lib/use-form-action";
import type { AppContext } from "../../workers/context";
import { parseOrThrow } from "../../workers/http/validate";
import { ensurePermitted } from "../../workers/tenancy/middleware";
import { ShareReplies, shareLinkInput } from "../../workers/workspaces/index";

/** The post and its approval links, as GET /api/share-links?postId= reads them (`posts.approve`). */
export function postShareData(ctx: AppContext, url: URL, id: string) {
  const { actor, vars } = signedIn(ctx, url);
  return loadOrThrow(async () => {
    ensurePermitted(vars, "posts.approve");
    const { services } = ctx;
    const [post, links] = await Promise.all([
      services.posts.get(actor.workspace.id, id),
      services.shareLinks.list(actor.workspace.id, id),
    ]);
    return { post, links };
  });
}

const linkField = z.object({ linkId: z.string({ error: "Which link?" }).min(1, "Which link?").max(64) });

/**
 * POST /api/share-links for this post and DELETE /api/share-links/:id as forms: the same schema, permission and
 * messages. A new link's URL is in the reply only (just its hash is kept), so it is shown from there.
 */
export async function postShareAction(request: Request, ctx: AppContext, url: URL, id: string) {
  const { actor, vars } = signedIn(ctx, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { shareLinks } = ctx.services;
  return runForm(intent, async (): Promise<FormReply<{ url?: string }> | ReturnType<typeof data<FormReply>>> => {
    ensurePermitted(vars, "posts.approve");
    switch (intent) {
      case "share-create": {
        const input = parseOrThrow(shareLinkInput, { label: form.get("label") ?? "", postIds: [id] });
        const link = await shareLinks.create(actor, input);
        return { ok: true, intent, message: ShareReplies.created, url: link.url };
      }
      case "share-revoke": {
        const { linkId } = parseOrThrow(linkField, { linkId: form.get("linkId") ?? undefined });
        await shareLinks.revoke(actor, linkId);
        return { ok: true, intent, message: ShareReplies.revoked };
      }
      default:
        return data<FormReply>({ ok: false, intent, message: "Unknown form." }, { status: 400 });
    }
  });
}
