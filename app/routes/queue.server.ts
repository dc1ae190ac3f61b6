import { data } from "react-router";
import { z } from "zod";
import { NO_DAY_CHOSEN, postedSlots } from "~/components/queue/types";
import { loadOrThrow, runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { FormReply } from "~/lib/use-form-action";
import type { AppContext } from "../../workers/context";
import { Invalid } from "../../workers/errors";
import { recordWrite } from "../../workers/http/activity";
import { parseOrThrow } from "../../workers/http/validate";
import { excerpt } from "../../workers/posts/index";
import {
  copySlotsBody,
  pauseBody,
  QUEUE_VIEW_DAYS,
  QueueReplies,
  reorderBody,
  shareNextNow,
  slotsBody,
} from "../../workers/queue/index";
import { ensurePermitted } from "../../workers/tenancy/middleware";

/** Every account's queue, as GET /api/queue reads it (`workspace.read`). */
export function queueData(ctx: AppContext, url: URL) {
  const { workspace, vars } = signedIn(ctx, url);
  return loadOrThrow(async () => {
    ensurePermitted(vars, "workspace.read");
    return { queues: await ctx.services.queue.list(workspace, QUEUE_VIEW_DAYS) };
  });
}

const accountField = z.object({
  accountId: z.string({ error: "Which queue?" }).trim().min(1, "Which queue?").max(100),
});

/**
 * The Queue page's forms, with the API's schemas, permission (`posts.publish`) and messages: PUT
 * /api/queue/:accountId/slots, POST …/copy-slots, …/pause, …/reorder and …/share-next. The page's loader reads the queues again.
 */
export async function queueAction(request: Request, ctx: AppContext, url: URL) {
  const { auth, workspace, vars } = signedIn(ctx, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const { queue } = ctx.services;
  const who = { workspaceId: workspace.id, userId: auth.user.id };
  return runForm(intent, async (): Promise<FormReply | ReturnType<typeof data<FormReply>>> => {
    ensurePermitted(vars, "posts.publish");
    const { accountId } = parseOrThrow(accountField, { accountId: form.get("accountId") ?? undefined });
    // Each change is in the activity log, as the API's queue routes record it.
    const done = async (message: string, summary = message) => {
      await recordWrite(ctx.services, who, {
        action: "queue_changed",
        subject: "account",
        subjectId: accountId,
        summary,
      });
      return { ok: true as const, intent, message };
    };
    switch (intent) {
      case "slots": {
        const slots = postedSlots(form);
        if (!slots) throw new Invalid(NO_DAY_CHOSEN);
        await queue.replaceSlots(workspace.id, accountId, parseOrThrow(slotsBody, { slots }));
        return done(QueueReplies.slotsSaved);
      }
      case "copy-slots": {
        const { to } = parseOrThrow(copySlotsBody, { to: form.getAll("to") });
        return done(QueueReplies.slotsCopied(await queue.copySlots(workspace.id, accountId, to)));
      }
      case "pause": {
        const flag = form.get("paused");
        const { paused } = parseOrThrow(pauseBody, {
          paused: flag === "true" ? true : flag === "false" ? false : flag,
        });
        await queue.setPaused(workspace.id, accountId, paused);
        return done(QueueReplies.paused(paused), paused ? "Queue paused" : "Queue resumed");
      }
      case "reorder": {
        const { targetIds } = parseOrThrow(reorderBody, { targetIds: form.getAll("targetIds") });
        await queue.reorder(workspace.id, accountId, targetIds);
        return done(QueueReplies.reordered);
      }
      case "share-next": {
        const next = await shareNextNow(ctx.services, workspace.id, accountId);
        const post = await ctx.services.posts.get(workspace.id, next.postId);
        const summary = excerpt(post.content);
        await recordWrite(ctx.services, who, {
          action: "publish_requested",
          subject: "post",
          subjectId: post._id,
          summary,
        });
        return { ok: true as const, intent, message: QueueReplies.sharing };
      }
      default:
        return data<FormReply>({ ok: false, intent, message: "Unknown form." }, { status: 400 });
    }
  });
}
