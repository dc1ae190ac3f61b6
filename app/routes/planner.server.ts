import { data } from "react-router";
import { z } from "zod";
import { dayOf } from "~/components/planner/calendar";
import { headerLabel, shiftAnchor, viewDays } from "~/components/planner/calendar-days";
import { plannerView } from "~/components/planner/planner-state";
import { loadOrThrow, runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { FormReply } from "~/lib/use-form-action";
import type { AppContext } from "../../workers/context";
import { parseOrThrow } from "../../workers/http/validate";
import { labelService } from "../../workers/labels/index";
import { listPostsSchema, ScheduleMessages, sentFields, toListQuery } from "../../workers/posts/index";
import { ensurePermitted } from "../../workers/tenancy/middleware";

/**
 * The visible range's posts and the drafts, as GET /api/posts reads them (`workspace.read`, the same schema
 * and query): `limit=100&from=<first day>&to=<last day>` and `status=draft&limit=50`, both with the URL's `label`. The range is the URL's
 * (`plannerView`), around the user's today when the URL names no day.
 */
export function plannerData(ctx: AppContext, url: URL) {
  const { auth, actor, vars } = signedIn(ctx, url);
  const { services } = ctx;
  return loadOrThrow(async () => {
    ensurePermitted(vars, "workspace.read");
    const today = dayOf(services.now(), auth.user.timezone);
    const { view, anchor } = plannerView(url.searchParams, today);
    const days = viewDays(anchor, view);
    // The days are the user's, as the calendar places posts in their zone: bounded in the workspace's, a post in
    // the hours between the two zones' midnights fell outside its week (or day) and was shown in no view.
    const list = async (query: Record<string, string>) => {
      const q = toListQuery(parseOrThrow(listPostsSchema, query), auth.user.timezone);
      return (await services.posts.list(actor.workspace.id, q)).posts;
    };
    // `?label=<id>` shows only the posts carrying that label (ADR 094), in the calendar and the drafts alike.
    const label = url.searchParams.get("label");
    const labelled: Record<string, string> = label ? { label } : {};
    const [posts, drafts, labels] = await Promise.all([
      list({ limit: "100", from: days[0]!, to: days.at(-1)!, ...labelled }),
      list({ status: "draft", limit: "50", ...labelled }),
      labelService(services).list(actor.workspace.id),
    ]);
    // The view's days, title and neighbours are worked out here, so the page needs no date arithmetic (ADR 104).
    const calendar = {
      days,
      label: headerLabel(anchor, view),
      prev: shiftAnchor(anchor, view, -1),
      next: shiftAnchor(anchor, view, 1),
    };
    return { today, posts, drafts, labels, calendar };
  });
}

const rescheduleFields = z.object({
  id: z.string({ error: "Which post?" }).min(1, "Which post?").max(100),
  scheduledDate: z.string({ error: ScheduleMessages.scheduleRequired }).min(1, ScheduleMessages.scheduleRequired),
});

/**
 * A drag in the planner posts `reschedule` (the post and its new ISO time): what PUT /api/posts/:id
 * {scheduledDate} does, with its permission (`posts.write`), rules and messages (a post that needs approval goes
 * back to pending and its approvers hear of it); the command clears the dashboard's cache, as for the API.
 */
export async function plannerAction(request: Request, ctx: AppContext, url: URL) {
  const { actor, vars } = signedIn(ctx, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const row = String(form.get("id") ?? "");
  return runForm(
    intent,
    async (): Promise<FormReply | ReturnType<typeof data<FormReply>>> => {
      if (intent !== "reschedule")
        return data<FormReply>({ ok: false, intent, id: row, message: "Unknown form." }, { status: 400 });
      ensurePermitted(vars, "posts.write");
      const { id, scheduledDate } = parseOrThrow(rescheduleFields, {
        id: form.get("id") ?? undefined,
        scheduledDate: form.get("scheduledDate") ?? undefined,
      });
      const { message } = await ctx.services.postCommands.update(actor, id, sentFields({ scheduledDate }));
      return { ok: true as const, intent, id, message };
    },
    row,
  );
}
