import { data } from "react-router";
import { type AnalyticsTab, analyticsView } from "~/components/analytics/analytics-view";
import { filterQuery } from "~/components/analytics/filters";
import { orderPlatforms, PLATFORM_META } from "~/components/platforms/platform-options";
import { fields, runForm } from "~/lib/form-action.server";
import { signedIn } from "~/lib/page-session.server";
import type { FormReply } from "~/lib/use-form-action";
import type { Range } from "../../workers/analytics/index";
import {
  AnalyticsService,
  createSchedule,
  listSchedules,
  memberEmails,
  rangeFromQuery,
  recentReports,
  reportDeps,
  ScheduleMessages,
  scheduleFromForm,
  scheduleInput,
  scheduleSummary,
  sendNow,
  syncWorkspace,
  updateSchedule,
} from "../../workers/analytics/index";
import type { AppContext } from "../../workers/context";
import { notFound } from "../../workers/errors";
import { recordWrite } from "../../workers/http/activity";
import { failureOf } from "../../workers/http/failure";
import { parseOrThrow } from "../../workers/http/validate";
import { clickDay } from "../../workers/links/index";
import { ensurePermitted } from "../../workers/tenancy/middleware";

/** The open tab's figures beyond the overview, read as its API routes read them (GET /api/analytics/*). */
async function tabFigures(
  ctx: AppContext,
  analytics: AnalyticsService,
  tab: AnalyticsTab,
  range: Range,
  workspace: { id: string; timezone: string },
) {
  const { db } = ctx.services;
  const workspaceId = workspace.id;
  switch (tab) {
    case "reports": {
      const [schedules, recent] = await Promise.all([listSchedules(db, workspace), recentReports(db, workspaceId)]);
      return { tab, schedules, recent, scheduleTimezone: workspace.timezone };
    }
    case "engagement": {
      const [trends, best, content] = await Promise.all([
        analytics.engagementTrends(range),
        analytics.bestTimes(null),
        analytics.contentPerformance(range),
      ]);
      return { tab, trends, best, content };
    }
    case "audience":
      return { tab, audience: await analytics.audienceInsights(range.platforms) };
    case "content":
      return { tab, content: await analytics.contentPerformance(range) };
    case "growth":
      return { tab, growth: await analytics.growth(range) };
    case "hashtags":
      return { tab, hashtags: await analytics.hashtagPerformance(range) };
    case "timing": {
      const [patterns, best] = await Promise.all([analytics.postingPatterns(range), analytics.bestTimes(null)]);
      return { tab, patterns, best };
    }
    case "links": {
      // Clicks are counted per UTC day: the period's days as UTC dates.
      const q = { from: clickDay(range.start), to: clickDay(range.end - 1), platforms: range.platforms };
      return { tab, clicks: await ctx.services.links.clicks(workspaceId, q) };
    }
    case "inbox":
      return { tab, inbox: await ctx.services.inbox.team.stats(workspaceId, range.start, range.end) };
    default:
      return { tab };
  }
}

/**
 * The page's data for the URL's tab and filters (analytics-view.ts): which platforms have accounts, the overview
 * and the open tab's figures, or the API's message when the filters are refused (a range that is too long).
 * A custom range with one date chosen so far reads nothing yet.
 */
export async function analyticsData(ctx: AppContext, url: URL) {
  const { auth, workspace } = signedIn(ctx, url);
  const { services } = ctx;
  const timezone = auth.user.timezone;
  const accounts = await services.accounts.list(workspace.id);
  const platforms = orderPlatforms(
    [...new Set(accounts.map((a) => a.platform))].map((id) => ({ id, name: PLATFORM_META[id]?.name ?? id })),
  ).map((p) => p.id);
  const view = analyticsView(url.searchParams);
  const page = { platforms, timezone, ...view };
  const query = filterQuery(view.filters);
  if (!platforms.length || query === null) return { ...page, figures: null, refused: null };
  try {
    const range = rangeFromQuery(Object.fromEntries(new URLSearchParams(query)), services.now(), timezone);
    const analytics = new AnalyticsService(services.db, { workspaceId: workspace.id, userId: auth.user.id }, timezone);
    const [overview, tab] = await Promise.all([
      analytics.overview(range),
      tabFigures(ctx, analytics, view.tab, range, workspace),
    ]);
    return { ...page, figures: { overview, tab }, refused: null };
  } catch (err) {
    const failure = failureOf(err);
    if (!failure) throw err;
    return { ...page, figures: null, refused: failure.message };
  }
}

/**
 * Sync Data (POST /api/analytics/sync-all?days=7) and Reports' schedule form (POST, or PUT with its `id`, to
 * /api/analytics/reports/schedules): the same permission, input, service and message.
 */
export async function analyticsAction(request: Request, ctx: AppContext, url: URL) {
  const { auth, workspace, vars } = signedIn(ctx, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "schedule") {
    const { id, ...posted } = fields(form);
    return runForm(
      intent,
      async () => {
        ensurePermitted(vars, "analytics.manage");
        const input = parseOrThrow(scheduleInput, scheduleFromForm(posted));
        const { db, now } = ctx.services;
        const who = { workspaceId: workspace.id, userId: auth.user.id };
        const members = await memberEmails(ctx.services.workspaces, workspace.id);
        // In the activity log as the API's schedule routes record it.
        const summary = scheduleSummary(input);
        if (!id) {
          const made = await createSchedule(db, who, input, now(), members, workspace.timezone);
          const entry = {
            action: "report_scheduled",
            subject: "report_schedule",
            subjectId: made.id,
            summary,
          } as const;
          await recordWrite(ctx.services, who, entry);
          return { ok: true as const, intent, id: "new", message: ScheduleMessages.created };
        }
        if (!(await updateSchedule(db, workspace, id, input, now(), members))) throw notFound();
        const entry = {
          action: "report_schedule_changed",
          subject: "report_schedule",
          subjectId: id,
          summary,
        } as const;
        await recordWrite(ctx.services, who, entry);
        return { ok: true as const, intent, id, message: ScheduleMessages.updated };
      },
      id || "new",
    );
  }
  if (intent === "schedule-send") {
    const { id } = fields(form);
    return runForm(
      intent,
      async () => {
        ensurePermitted(vars, "analytics.manage");
        const subjectId = id ?? "";
        const sent = await sendNow(reportDeps(ctx.services), workspace.id, subjectId);
        if (sent === null) throw notFound();
        const message = ScheduleMessages.sent(sent);
        const entry = { action: "report_sent", subject: "report_schedule", subjectId, summary: message } as const;
        await recordWrite(ctx.services, { workspaceId: workspace.id, userId: auth.user.id }, entry);
        return { ok: true as const, intent, id, message };
      },
      id,
    );
  }
  if (intent !== "sync") return data<FormReply>({ ok: false, intent, message: "Unknown form." }, { status: 400 });
  return runForm(intent, async () => {
    ensurePermitted(vars, "analytics.manage");
    const { summary, message } = await syncWorkspace(ctx.services, workspace.id, 7);
    // A partial sync names what failed and why: the page shows it as an error, not as a success.
    return { ok: true as const, intent, message, partial: summary.failures.length > 0 };
  });
}
