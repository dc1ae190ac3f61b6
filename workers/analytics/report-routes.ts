import { and, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { reportFiles } from "../db/schema/index";
import { notFound } from "../errors";
import { loggedWrite } from "../http/activity";
import type { SignedInEnv } from "../http/app-env";
import { ok } from "../http/envelope";
import { claimMarkOf, idempotent } from "../http/idempotency";
import { describeRoute, noData } from "../http/route-registry";
import { readJson } from "../http/validate";
import { requirePermission } from "../tenancy/middleware";
import { memberEmails } from "./report-recipients";
import * as reports from "./reports";
import { ScheduleMessages, scheduleInput, scheduleSummary } from "./schedule-input";

const tag = "Reports";
const base = "/api/analytics/reports";
describeRoute({
  method: "get",
  path: `${base}/schedules`,
  tag,
  summary: "The caller's scheduled reports",
  data: z.object({ schedules: z.array(reports.ScheduleData) }),
});
describeRoute({
  method: "post",
  path: `${base}/schedules`,
  idempotent: true,
  tag,
  summary: "Schedule a report",
  body: scheduleInput,
  data: reports.ScheduleData,
  status: 201,
});
describeRoute({
  method: "put",
  path: `${base}/schedules/{id}`,
  tag,
  summary: "Edit (or disable) a scheduled report",
  body: scheduleInput,
  data: reports.ScheduleData,
});
describeRoute({
  method: "delete",
  path: `${base}/schedules/{id}`,
  tag,
  summary: "Delete a scheduled report",
  data: noData,
});
describeRoute({
  method: "post",
  path: `${base}/schedules/{id}/send`,
  tag,
  summary: "Send a scheduled report now, for the period ending now, to its recipients",
  data: z.object({ sent: z.number() }),
});
describeRoute({
  method: "get",
  path: `${base}/recent`,
  tag,
  summary: "Reports generated for the caller, newest first",
  data: z.object({ reports: z.array(reports.RecentReport) }),
});
describeRoute({
  method: "get",
  path: `${base}/recent/{id}/download`,
  tag,
  summary: "Download a generated report",
  file: ["application/pdf", "text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
});

const membersOf = (c: Context<SignedInEnv>) => memberEmails(c.var.services.workspaces, c.var.workspace.id);

/** A create's answer from the schedule its claim was marked with, when its request died before answering (ADR 125). */
const answerSchedule = async (c: Context<SignedInEnv>, id: string) =>
  ok(c, await reports.getSchedule(c.var.services.db, c.var.workspace, id), ScheduleMessages.created, 201);

export const reportRoutes = new Hono<SignedInEnv>()
  .get("/schedules", requirePermission("workspace.read"), async (c) =>
    ok(c, { schedules: await reports.listSchedules(c.var.services.db, c.var.workspace) }),
  )
  .post("/schedules", requirePermission("analytics.manage"), idempotent(answerSchedule), async (c) => {
    const input = await readJson(c, scheduleInput);
    const member = { workspaceId: c.var.workspace.id, userId: c.var.auth.user.id };
    const { db, now } = c.var.services;
    const zone = c.var.workspace.timezone;
    const members = await membersOf(c);
    const schedule = await reports.createSchedule(db, member, input, now(), members, zone, claimMarkOf(c));
    await loggedWrite(c, {
      action: "report_scheduled",
      subject: "report_schedule",
      subjectId: schedule.id,
      summary: scheduleSummary(input),
    });
    return ok(c, schedule, ScheduleMessages.created, 201);
  })
  .put("/schedules/:id", requirePermission("analytics.manage"), async (c) => {
    const input = await readJson(c, scheduleInput);
    const { db, now } = c.var.services;
    const id = c.req.param("id");
    const updated = await reports.updateSchedule(db, c.var.workspace, id, input, now(), await membersOf(c));
    if (!updated) throw notFound();
    await loggedWrite(c, {
      action: "report_schedule_changed",
      subject: "report_schedule",
      subjectId: c.req.param("id"),
      summary: scheduleSummary(input),
    });
    return ok(c, updated, ScheduleMessages.updated);
  })
  .delete("/schedules/:id", requirePermission("analytics.manage"), async (c) => {
    if (!(await reports.deleteSchedule(c.var.services.db, c.var.workspace.id, c.req.param("id")))) throw notFound();
    const summary = "Report schedule deleted";
    await loggedWrite(c, {
      action: "report_schedule_deleted",
      subject: "report_schedule",
      subjectId: c.req.param("id"),
      summary,
    });
    return ok(c, null, summary);
  })
  .post("/schedules/:id/send", requirePermission("analytics.manage"), async (c) => {
    const id = c.req.param("id");
    const sent = await reports.sendNow(reports.reportDeps(c.var.services), c.var.workspace.id, id);
    if (sent === null) throw notFound();
    const summary = ScheduleMessages.sent(sent);
    await loggedWrite(c, { action: "report_sent", subject: "report_schedule", subjectId: id, summary });
    return ok(c, { sent }, summary);
  })
  .get("/recent", requirePermission("workspace.read"), async (c) =>
    ok(c, { reports: await reports.recentReports(c.var.services.db, c.var.workspace.id) }),
  )
  .get("/recent/:id/download", requirePermission("workspace.read"), async (c) => {
    const row = await c.var.services.db.query.reportFiles.findFirst({
      where: and(eq(reportFiles.id, c.req.param("id")), eq(reportFiles.workspaceId, c.var.workspace.id)),
    });
    const object = row ? await c.env.MEDIA.get(row.r2Key) : null;
    if (!object) throw notFound();
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    object.writeHttpMetadata(headers);
    return new Response(object.body, { headers });
  });
