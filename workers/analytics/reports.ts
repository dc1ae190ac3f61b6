import { TZDate } from "@date-fns/tz";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { REPORT_FORMATS, REPORT_KINDS, reportFiles, reportSchedules } from "../db/schema/index";
import type { Mailer } from "../mail";
import type { MemberRef } from "../tenancy/membership";
import type { People } from "../tenancy/people";
import { renderReport } from "./export/render";
import { REPORT_TITLES } from "./export/report-data";
import { resolveRange } from "./period";
import type { ScheduleInput } from "./schedule-input";

type Schedule = typeof reportSchedules.$inferSelect;

export const ScheduleData = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  frequency: z.enum(["weekly", "monthly"]),
  weekday: z.number().nullable(),
  dayOfMonth: z.number().nullable(),
  hour: z.number(),
  enabled: z.boolean(),
  lastSentAt: z.string().nullable(),
  description: z.string(),
});
export const RecentReport = z.object({
  id: z.string(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  size: z.number(),
  createdAt: z.string(),
  downloadUrl: z.string(),
});

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const hourLabel = (h: number) => `${h % 12 === 0 ? 12 : h % 12}:00 ${h < 12 ? "AM" : "PM"}`;

export function present(s: Schedule) {
  const when = s.frequency === "weekly" ? `every ${DAYS[s.weekday ?? 0]}` : `on day ${s.dayOfMonth} of each month`;
  return {
    id: s.id,
    kind: s.kind,
    format: s.format,
    frequency: s.frequency,
    weekday: s.weekday,
    dayOfMonth: s.dayOfMonth,
    hour: s.hour,
    enabled: s.enabled,
    lastSentAt: s.lastSentAt ? new Date(s.lastSentAt).toISOString() : null,
    description: `${REPORT_TITLES[s.kind]} ${when} at ${hourLabel(s.hour)}`,
  };
}

/** The most recent scheduled instant at or before `now`, in the user's timezone. */
export function lastOccurrence(
  s: Pick<Schedule, "frequency" | "weekday" | "dayOfMonth" | "hour">,
  now: number,
  timezone: string,
): number {
  const local = new TZDate(now, timezone);
  if (s.frequency === "weekly") {
    const back = (local.getDay() - (s.weekday ?? 0) + 7) % 7;
    let at = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() - back,
      s.hour,
      0,
      0,
      0,
      timezone,
    ).getTime();
    if (at > now)
      at = new TZDate(
        local.getFullYear(),
        local.getMonth(),
        local.getDate() - back - 7,
        s.hour,
        0,
        0,
        0,
        timezone,
      ).getTime();
    return at;
  }
  let at = new TZDate(local.getFullYear(), local.getMonth(), s.dayOfMonth ?? 1, s.hour, 0, 0, 0, timezone).getTime();
  if (at > now)
    at = new TZDate(local.getFullYear(), local.getMonth() - 1, s.dayOfMonth ?? 1, s.hour, 0, 0, 0, timezone).getTime();
  return at;
}

export const isDue = (s: Schedule, now: number, timezone: string) =>
  s.enabled && lastOccurrence(s, now, timezone) > (s.lastSentAt ?? s.createdAt);

export function listSchedules(db: Db, workspaceId: string) {
  return db.query.reportSchedules
    .findMany({ where: eq(reportSchedules.workspaceId, workspaceId), orderBy: reportSchedules.createdAt })
    .then((r) => r.map(present));
}

/** A schedule of the workspace; its reports are mailed to the member who set it up. */
export async function createSchedule(db: Db, member: MemberRef, input: ScheduleInput, now: number) {
  const [row] = await db
    .insert(reportSchedules)
    .values({ id: crypto.randomUUID(), ...member, ...normalize(input), createdAt: now })
    .returning();
  return present(row!);
}

export async function updateSchedule(db: Db, workspaceId: string, id: string, input: ScheduleInput) {
  const [row] = await db
    .update(reportSchedules)
    .set(normalize(input))
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.workspaceId, workspaceId)))
    .returning();
  return row ? present(row) : null;
}

export async function deleteSchedule(db: Db, workspaceId: string, id: string) {
  const rows = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.workspaceId, workspaceId)))
    .returning({ id: reportSchedules.id });
  return rows.length > 0;
}

function normalize(input: ScheduleInput) {
  return {
    kind: input.kind,
    format: input.format,
    frequency: input.frequency,
    weekday: input.frequency === "weekly" ? input.weekday! : null,
    dayOfMonth: input.frequency === "monthly" ? input.dayOfMonth! : null,
    hour: input.hour,
    enabled: input.enabled,
  };
}

export async function recentReports(db: Db, workspaceId: string) {
  const rows = await db.query.reportFiles.findMany({
    where: eq(reportFiles.workspaceId, workspaceId),
    orderBy: desc(reportFiles.createdAt),
    limit: 20,
  });
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    format: r.format,
    size: r.size,
    createdAt: new Date(r.createdAt).toISOString(),
    downloadUrl: `/api/analytics/reports/recent/${r.id}/download`,
  }));
}

export interface ReportDeps {
  db: Db;
  /** Each schedule's member (address and time zone), from the directory. */
  people: People;
  now: () => number;
  bucket: R2Bucket;
  mailer: Mailer;
}

/** Cron: generates every due scheduled report, keeps it in R2, lists it and mails a notice. */
export async function runDueReports(deps: ReportDeps): Promise<number> {
  const now = deps.now();
  const schedules = await deps.db.select().from(reportSchedules).where(eq(reportSchedules.enabled, true));
  const members = await deps.people.byIds(schedules.map((s) => s.userId));
  let sent = 0;
  for (const schedule of schedules) {
    const member = members.get(schedule.userId);
    if (!member) continue;
    const { email, timezone } = member;
    if (!isDue(schedule, now, timezone)) continue;
    const range = resolveRange(
      { period: schedule.frequency === "weekly" ? "7d" : "30d", platforms: null },
      now,
      timezone,
    );
    const file = await renderReport(
      deps.db,
      { workspaceId: schedule.workspaceId, userId: schedule.userId, timezone },
      range,
      schedule.kind,
      schedule.format,
    );
    const id = crypto.randomUUID();
    const key = `reports/${schedule.workspaceId}/${id}.${schedule.format}`;
    await deps.bucket.put(key, file.body, {
      httpMetadata: { contentType: file.contentType, contentDisposition: `attachment; filename="${file.filename}"` },
    });
    await deps.db.batch([
      deps.db.insert(reportFiles).values({
        id,
        workspaceId: schedule.workspaceId,
        userId: schedule.userId,
        scheduleId: schedule.id,
        kind: schedule.kind,
        format: schedule.format,
        r2Key: key,
        size: file.body.byteLength,
        createdAt: now,
      }),
      deps.db.update(reportSchedules).set({ lastSentAt: now }).where(eq(reportSchedules.id, schedule.id)),
    ]);
    await deps.mailer.send({
      to: email,
      subject: `Your Postline ${REPORT_TITLES[schedule.kind]} is ready`,
      text: `Your ${schedule.frequency} ${REPORT_TITLES[schedule.kind]} (${schedule.format.toUpperCase()}) is ready.\n\nDownload it from Analytics → Reports → Recent reports, or at /api/analytics/reports/recent/${id}/download while signed in.`,
    });
    sent += 1;
  }
  return sent;
}
